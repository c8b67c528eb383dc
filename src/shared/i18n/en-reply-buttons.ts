/** The catalog's text of the reply buttons a visitor can press (their editor and hidden data), in English. */
export const enReplyButtons = {
  'quick.button': 'Button {n}',
  'quick.remove': 'Remove button {n}',
  'quick.add': 'Add a button',
  'quick.preview': 'Preview of the buttons',
  'quick.tooLong': 'Button {n} is longer than {max} characters',
  'quick.addData': '+ Hidden data',
  'quick.addDataFor': 'Add hidden data to button {n}',
  'quick.dataHint': 'Hidden data comes back with the visitor’s press, for your automations; the visitor never sees it.',
  'quick.dataOf': 'Hidden data of button {n}',
  'quick.dataName': 'Name',
  'quick.dataValue': 'Value',
  'quick.dataNameOf': 'Name {m} of button {n}',
  'quick.dataValueOf': 'Value {m} of button {n}',
  'quick.removeData': 'Remove hidden data {m} of button {n}',
  'quick.dataNoName': 'Button {n}: give each value a name.',
  'quick.dataTwice': 'Button {n}: the name “{key}” is used twice.',
};
