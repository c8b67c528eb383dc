/** The catalog's text of the reply buttons a visitor can press (their editor and hidden data), in Russian. */
export const ruReplyButtons = {
  'quick.button': 'Кнопка {n}',
  'quick.remove': 'Убрать кнопку {n}',
  'quick.add': 'Добавить кнопку',
  'quick.preview': 'Как увидит посетитель',
  'quick.tooLong': 'Кнопка {n} длиннее {max} символов',
  'quick.addData': '+ Скрытые данные',
  'quick.addDataFor': 'Добавить скрытые данные к кнопке {n}',
  'quick.dataHint':
    'Скрытые данные приходят вместе с нажатием посетителя — для ваших автоматизаций; посетитель их не видит.',
  'quick.dataOf': 'Скрытые данные кнопки {n}',
  'quick.dataName': 'Название',
  'quick.dataValue': 'Значение',
  'quick.dataNameOf': 'Название {m} кнопки {n}',
  'quick.dataValueOf': 'Значение {m} кнопки {n}',
  'quick.removeData': 'Убрать скрытые данные {m} кнопки {n}',
  'quick.dataNoName': 'Кнопка {n}: дайте название каждому значению.',
  'quick.dataTwice': 'Кнопка {n}: название «{key}» встречается дважды.',
};
