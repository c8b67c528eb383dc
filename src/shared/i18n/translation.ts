/** The Russian plural forms English has no key for: `.few` (2–4) and `.many` (5–20) beside each `.other`. */
type RussianPluralForms<K> = K extends `${infer Base}.other` ? `${Base}.few` | `${Base}.many` : never;

/**
 * The Russian side of a namespace: every key of its English side and the plural forms English lacks,
 * so a missing or misspelt key fails the type check.
 */
export type Russian<English> = Record<keyof English | RussianPluralForms<keyof English>, string>;
