/**
 * Variables in saved replies, written as `{{visitor.name|there}}`: the value, or the fallback
 * after `|` when the value is missing. `visitor.name`, `visitor.email`, any other
 * `visitor.<property>` the visitor panel knows, and `agent.name`.
 */
export interface TemplateValues {
  visitor: { name?: string | null; email?: string | null; props?: Record<string, unknown> };
  agent: { name?: string | null };
}

export interface FilledTemplate {
  /** The text with every known variable replaced; what could not be filled stays as written. */
  text: string;
  /** Variables Perch does not know (`{{user.nmae}}`), as written between the braces. */
  unknown: string[];
  /** Known variables with no value and no fallback. */
  missing: string[];
}

const VARIABLE = /\{\{\s*([^{}|]*?)\s*(?:\|([^{}]*))?\}\}/g;
const NAME = /^(visitor|agent)\.([^\s.][^\s]*)$/;

function valueOf(name: string, values: TemplateValues): { known: boolean; value: string } {
  const match = NAME.exec(name);
  if (!match) return { known: false, value: '' };
  const [, owner, field] = match as unknown as [string, 'visitor' | 'agent', string];
  if (owner === 'agent') return field === 'name' ? { known: true, value: clean(values.agent.name) } : unknownOne;
  if (field === 'name') return { known: true, value: clean(values.visitor.name) };
  if (field === 'email') return { known: true, value: clean(values.visitor.email) };
  // Any other property of the visitor: a missing one is a missing value (the fallback fills it).
  const props = values.visitor.props ?? {};
  const raw = Object.hasOwn(props, field)
    ? props[field]
    : Object.hasOwn(props, `$${field}`)
      ? props[`$${field}`]
      : null;
  return { known: true, value: typeof raw === 'string' || typeof raw === 'number' ? clean(String(raw)) : '' };
}
const unknownOne = { known: false, value: '' };
const clean = (value: string | null | undefined) => (value ?? '').trim();

export function fillTemplate(template: string, values: TemplateValues): FilledTemplate {
  const unknown: string[] = [];
  const missing: string[] = [];
  const text = template.replace(VARIABLE, (whole, name: string, fallback: string | undefined) => {
    const { known, value } = valueOf(name, values);
    if (!known) {
      if (!unknown.includes(name)) unknown.push(name);
      return whole;
    }
    if (value) return value;
    if (fallback !== undefined) return fallback.trim();
    if (!missing.includes(name)) missing.push(name);
    return whole;
  });
  return { text, unknown, missing };
}

/** The `{{…}}` still in a text about to be sent: sending waits until the agent has filled them. */
export function unfilledVariables(text: string): string[] {
  return [...new Set([...text.matchAll(VARIABLE)].map((m) => m[0]))];
}
