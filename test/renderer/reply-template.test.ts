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
});
