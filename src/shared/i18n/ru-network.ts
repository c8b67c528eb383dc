/** The catalog's text of Perch's updates and its network, in Russian. */
export const ruNetwork = {
  'updates.title': 'Обновления',
  'updates.channel': 'Канал',
  'updates.channel.stable': 'Стабильный',
  'updates.channel.beta': 'Бета (раньше, но меньше проверено)',
  'updates.autoDownload': 'Скачивать обновления автоматически',
  'updates.checkNow': 'Проверить сейчас',
  'updates.download': 'Скачать',
  'updates.skip': 'Пропустить эту версию',
  'updates.restart': 'Перезапустить и обновить',
  'updates.releaseNotes': 'Что нового в {version}',
  'updates.managed': 'Задано администратором.',
  'updates.version': 'Это Perch {version}.',
  'updates.state.off.policy': 'Администратор отключил обновления.',
  'updates.state.off.policy-damaged':
    'Обновления отключены: не удаётся прочитать политику обновлений администратора. Попросите ИТ проверить perch-policy.json.',
  'updates.state.off.no-feed': 'У этой копии Perch нет адреса обновлений.',
  'updates.state.off.unsupported': 'Обновления приходят с установленным приложением.',
  'updates.state.idle': 'Perch ещё не проверял обновления.',
  'updates.state.checking': 'Ищем обновления…',
  'updates.state.up-to-date': 'У вас последняя версия Perch (проверено в {time}).',
  'updates.state.available': 'Доступен Perch {version}.',
  'updates.state.downloading': 'Скачиваем Perch {version}…',
  'updates.state.ready': 'Perch {version} готов: перезапустите, чтобы начать им пользоваться.',
  'updates.state.error.network': 'Perch не смог связаться с сервером обновлений. Попробует позже ещё раз.',
  'updates.state.error.feed':
    'Сервер обновлений ответил так, что Perch не может это прочитать. Попробует позже ещё раз.',
  'updates.state.error.download': 'Обновление не скачалось целиком. Попробуйте ещё раз.',
  'updates.waiting.one': 'Перезапуск после отправки {count} сообщения…',
  'updates.waiting.few': 'Перезапуск после отправки {count} сообщений…',
  'updates.waiting.many': 'Перезапуск после отправки {count} сообщений…',
  'updates.waiting.other': 'Перезапуск после отправки {count} сообщения…',
  'updates.waitingNone': 'Перезапуск…',
  'updates.readyLine': 'Обновление готово',
  'updates.readyRestart': 'Установить',
  'network.title': 'Сеть',
  'network.proxy.system': 'Прокси: {proxy}, так указано в настройках системы.',
  'network.proxy.systemThenDirect':
    'Прокси: {proxy}, так указано в настройках системы; напрямую, если прокси не отвечает.',
  'network.proxy.systemUnknown': 'Прокси: настройки системы.',
  'network.proxy.direct': 'Прокси: нет, Perch подключается напрямую (так сказано в системе).',
  'network.proxy.environment': 'Прокси: из переменных HTTP_PROXY и HTTPS_PROXY, если они заданы.',
  'network.certificates.system': 'Сертификаты: те, которым доверяет система.',
  'network.certificates.bundled': 'Сертификаты: встроенные в Perch.',
  'network.help':
    'Perch использует настройки прокси вашего компьютера, в том числе файл автоматической настройки (PAC).',
  'connect.failure.tls-untrusted':
    'Этот компьютер не доверяет сертификату сервера. Если компания проверяет защищённый трафик, ИТ может установить её корневой сертификат в систему.',
  'connect.failure.tls-expired':
    'Сертификат сервера истёк или ещё не действует. Проверьте дату и время на компьютере; если они верны, ИТ может обновить сертификат.',
  'connect.failure.tls-wrong-host':
    'Сертификат сервера выдан для другого адреса. Проверьте адрес; если он верен, ИТ может проверить сертификат, который показывает сервер или прокси.',
  'connect.failure.proxy':
    'Прокси отказал в подключении или запросил пароль. ИТ может проверить настройки прокси на этом компьютере.',
  'network.proxySignIn': 'Вход на прокси',
  'network.proxySignInText':
    'Прокси вашей сети {proxy} просит имя пользователя и пароль. Perch передаёт их только прокси и забывает при выходе.',
  'network.proxyUser': 'Имя пользователя',
  'network.proxyPassword': 'Пароль',
  'network.proxySubmit': 'Войти',
  'network.proxyCancel': 'Отмена',
};
