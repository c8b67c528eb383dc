import { describe, expect, it } from 'vitest';
import { fillTemplate, unfilledVariables, type TemplateValues } from '../../src/shared/reply-template';

const known: TemplateValues = {
  visitor: { name: 'Anna Petrova', email: 'anna@example.com', props: { $city: 'Kazan', plan: 'Pro', seats: 12 } },
  agent: { name: 'Oleg' },
};
const empty: TemplateValues = { visitor: { name: null, email: '', props: {} }, agent: { name: null } };

describe('saved-reply variables', () => {
  it.each([
    ['{{visitor.name}}', 'Anna Petrova'],
    ['{{visitor.email}}', 'anna@example.com'],
    ['{{visitor.city}}', 'Kazan'],
    ['{{visitor.$city}}', 'Kazan'],
    ['{{visitor.plan}}', 'Pro'],
    ['{{visitor.seats}}', '12'],
    ['{{agent.name}}', 'Oleg'],
    ['{{ visitor.name | there }}', 'Anna Petrova'],
  ])('fill %s with its value', (template, value) => {
    expect(fillTemplate(`Hi ${template}!`, known)).toEqual({ text: `Hi ${value}!`, unknown: [], missing: [] });
  });

  it.each([
    ['{{visitor.name|there}}', 'there'],
    ['{{visitor.email|your address}}', 'your address'],
    ['{{visitor.city|your city}}', 'your city'],
    ['{{agent.name|the team}}', 'the team'],
    ['{{visitor.name|}}', ''],
  ])('take the fallback of %s when the value is missing', (template, fallback) => {
    expect(fillTemplate(`Hi ${template}`, empty)).toEqual({ text: `Hi ${fallback}`, unknown: [], missing: [] });
  });

  it('leave a missing value without a fallback as written and name it', () => {
    const filled = fillTemplate('Hi {{visitor.name}}, from {{agent.name}}', empty);
    expect(filled).toEqual({
      text: 'Hi {{visitor.name}}, from {{agent.name}}',
      unknown: [],
      missing: ['visitor.name', 'agent.name'],
    });
    expect(unfilledVariables(filled.text)).toEqual(['{{visitor.name}}', '{{agent.name}}']);
  });

  it('name unknown variables and never fill them, even with a fallback', () => {
    const filled = fillTemplate('{{user.nmae|x}} {{agent.email}} {{visitor.name}}', known);
    expect(filled.unknown).toEqual(['user.nmae', 'agent.email']);
    expect(filled.text).toBe('{{user.nmae|x}} {{agent.email}} Anna Petrova');
    expect(unfilledVariables(filled.text)).toEqual(['{{user.nmae|x}}', '{{agent.email}}']);
  });

  it('leave text without variables alone', () => {
    expect(fillTemplate('Thanks { for } writing', known).text).toBe('Thanks { for } writing');
    expect(unfilledVariables('Thanks { for } writing')).toEqual([]);
  });

  it('read a value as it is: a name holding `{{…}}` is put in, not filled again', () => {
    const named: TemplateValues = { ...known, visitor: { name: '{{agent.name}}' } };
    expect(fillTemplate('Hi {{visitor.name|there}}, {{agent.name}}', named).text).toBe('Hi {{agent.name}}, Oleg');
  });

  it('read a name of `{{` and a thousand spaces as text, whatever follows', () => {
    const name = `{{${' '.repeat(996)}x`;
    const text = fillTemplate('Hi {{visitor.name|there}}', { ...known, visitor: { name } }).text;
    expect(text).toBe(`Hi ${name}`);
    expect(unfilledVariables(text)).toEqual([]);
    expect(unfilledVariables(`${text} {{ agent.name }}`)).toEqual(['{{ agent.name }}']);
  });

  it('find the same variables as the pattern that defines them, in random texts', () => {
    // The written definition, fine on short texts: `{{`, spaces, a name, an optional `|fallback`, `}}`.
    const definition = /\{\{\s*([^{}|]*?)\s*(?:\|([^{}]*))?\}\}/g;
    let seed = 11;
    // A fixed sequence (mulberry32), so a failure names the same text every run.
    const next = () => {
      seed = (seed + 0x6d2b79f5) | 0;
      let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
    const pick = (n: number) => Math.floor(next() * n);
    const alphabet = ['{', '}', '|', ' ', '\n', 'a', 'visitor.name', 'agent.name', '{{', '}}'];
    for (let i = 0; i < 3000; i++) {
      const text = Array.from({ length: pick(13) }, () => alphabet[pick(alphabet.length)]).join('');
      const expected = [...new Set([...text.matchAll(definition)].map((m) => m[0]))];
      expect(unfilledVariables(text), JSON.stringify(text)).toEqual(expected);
      const filled = text.replace(definition, (whole, name: string, fallback?: string) => {
        if (name === 'agent.name') return 'Oleg';
        if (name === 'visitor.name') return 'Anna Petrova';
        const known = /^visitor\.[^\s.]\S*$/.test(name);
        return known && fallback !== undefined ? fallback.trim() : whole;
      });
      expect(
        fillTemplate(text, { ...known, visitor: { ...known.visitor, email: null } }).text,
        JSON.stringify(text),
      ).toBe(filled);
    }
  });
});
