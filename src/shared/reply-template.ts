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

/** One `{{name|fallback}}` found in a text, from `start` up to `end` (exclusive). */
interface Variable {
  start: number;
  end: number;
  name: string;
  fallback: string | undefined;
}

/**
 * The `{{…}}` of a text, left to right: `{{`, then anything but braces, then `}}`; the name is
 * what comes before the first `|`, trimmed, the fallback what comes after it. One pass, each
 * character read a bounded number of times: a visitor's name of `{{` and a thousand spaces
 * costs what any thousand characters cost (a regular expression with a lazy group and two
 * optional spaces around it would try every split of them).
 */
function* variablesOf(text: string): Generator<Variable> {
  let at = text.indexOf('{{');
  while (at !== -1) {
    // Of a run of opening braces, the last two open the variable: `{{{x}}` holds `{{x}}`.
    let open = at;
    while (text.charCodeAt(open + 2) === OPEN) open += 1;
    let close = open + 2;
    while (close < text.length && text.charCodeAt(close) !== OPEN && text.charCodeAt(close) !== CLOSE) close += 1;
    if (text.charCodeAt(close) === CLOSE && text.charCodeAt(close + 1) === CLOSE) {
      const inside = text.slice(open + 2, close);
      const bar = inside.indexOf('|');
      yield {
        start: open,
        end: close + 2,
        name: (bar === -1 ? inside : inside.slice(0, bar)).trim(),
        fallback: bar === -1 ? undefined : inside.slice(bar + 1),
      };
      at = text.indexOf('{{', close + 2);
    } else at = text.indexOf('{{', close);
  }
}
const OPEN = 0x7b;
const CLOSE = 0x7d;
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
  // Values are put in as they are: a `{{` inside a visitor's name is never read as a variable.
  const pieces: string[] = [];
  let copied = 0;
  for (const { start, end, name, fallback } of variablesOf(template)) {
    const { known, value } = valueOf(name, values);
    let filled: string | null = null;
    if (!known) {
      if (!unknown.includes(name)) unknown.push(name);
    } else if (value) filled = value;
    else if (fallback !== undefined) filled = fallback.trim();
    else if (!missing.includes(name)) missing.push(name);
    if (filled === null) continue;
    pieces.push(template.slice(copied, start), filled);
    copied = end;
  }
  pieces.push(template.slice(copied));
  return { text: pieces.join(''), unknown, missing };
}

/** The `{{…}}` still in a text about to be sent: sending waits until the agent has filled them. */
export function unfilledVariables(text: string): string[] {
  const found = new Set<string>();
  for (const { start, end } of variablesOf(text)) found.add(text.slice(start, end));
  return [...found];
}
