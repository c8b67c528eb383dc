import type { Russian } from './translation';

/** Connecting an account: the form, its hints and every way a connection can fail. */
export const en = {
  'connect.unlistedPick':
    'Administrator {adminId} is none of the administrators Perch found in this application. Pick yourself from the list.',
  'connect.failure.tls-untrusted':
    'The server’s certificate is not trusted by this computer. If your company inspects secure traffic, IT can install its root certificate in the system.',
  'connect.failure.tls-expired':
    'The server’s certificate has expired or is not valid yet. Check the computer’s date and time; otherwise IT can renew the certificate.',
  'connect.failure.tls-wrong-host':
    'The server’s certificate is for another address. Check the address; otherwise IT can check the certificate the server or a proxy presents.',
  'connect.failure.proxy':
    'The proxy refused the connection or asked for a password. IT can check the proxy settings of this computer.',
  'connect.title': 'Welcome to Perch',
  'connect.intro':
    'Perch keeps your team’s inbox in the tray. Look around a live demo workspace, or connect your account.',
  'connect.demo': 'Try the demo workspace',
  'connect.demoHint': 'A live inbox with simulated visitors, on this computer only.',
  'connect.account': 'Connect an account',
  'connect.accountHint': 'Uses your application’s API token, kept in the system keychain.',
  'connect.baseUrl': 'API address',
  'connect.appId': 'Application ID (optional)',
  'connect.adminId': 'Your administrator ID',
  'connect.adminIdHint': 'Used for “Mine”, “Assign to me” and as the sender of your replies.',
  'connect.token': 'API token',
  'connect.tokenHint': 'In the administrator panel: developer settings, API keys.',
  'connect.submit': 'Connect',
  'connect.checking': 'Checking the connection…',
  'connect.back': 'Back',
  'connect.cancel': 'Cancel',
  'connect.numberNeeded': 'Enter a whole number above zero.',
  'connect.allowPlain':
    'Keep the token in a plain file on this computer instead. Anyone who can read your files can read it.',
  'connect.failure.invalid-url': 'This is not an http(s) address Perch can use.',
  'connect.failure.insecure-url':
    'Perch sends the token only over https://. Use the https address; plain http:// is for this computer only (localhost, 127.0.0.1).',
  'connect.failure.unreachable': 'Perch could not reach this address. Check it and your network.',
  'connect.failure.not-api': 'Something answered, but not the messaging API. Check the address.',
  'connect.failure.wrong-token': 'The token was refused. Copy it again from the API keys section.',
  'connect.failure.wrong-app': 'This token does not belong to application {appId}.',
  'connect.failure.missing-scopes': 'The token lacks permissions Perch needs: {scopes}.',
  'connect.failure.server': 'The server had a problem. Try again in a moment.',
  'connect.failure.no-secure-storage': 'This computer has no secure place to keep the token (no system keychain).',
  'connect.connectedWithout': 'Connected. The token lacks {scopes}, so some screens stay empty.',
  'connect.failure.app-unknown':
    'Perch could not tell the application from this token: it has no conversations or visitors yet. Enter the application ID.',
  'connect.appIdPlaceholder': 'Learned from the token',
  'connect.failure.choose-admin': 'The token works. Now pick yourself among the application’s administrators.',
  'connect.failure.unknown-admin':
    'Administrator {adminId} is none of the administrators Perch found in this application. Pick yourself from the list, or keep the ID if you are sure of it.',
  'connect.whoAreYou': 'Who are you?',
  'connect.adminOption': '{name} (ID {id})',
  'connect.otherAdmin': 'Another administrator ID',
  'connect.noAdminsFound': 'Perch found no administrators in this application yet: enter your administrator ID.',
  'connect.keepUnlisted': 'Keep ID {adminId} anyway',
  'connect.adminNeeded': 'Pick yourself, or enter your administrator ID.',
  'connect.fieldsNeeded': 'Enter the API address and the API token.',
} as const;

export const ru: Russian<typeof en> = {
  'connect.unlistedPick':
    'Администратора {adminId} нет среди администраторов, которых Perch нашёл в этом приложении. Выберите себя в списке.',
  'connect.failure.tls-untrusted':
    'Этот компьютер не доверяет сертификату сервера. Если компания проверяет защищённый трафик, ИТ может установить её корневой сертификат в систему.',
  'connect.failure.tls-expired':
    'Сертификат сервера истёк или ещё не действует. Проверьте дату и время на компьютере; если они верны, ИТ может обновить сертификат.',
  'connect.failure.tls-wrong-host':
    'Сертификат сервера выдан для другого адреса. Проверьте адрес; если он верен, ИТ может проверить сертификат, который показывает сервер или прокси.',
  'connect.failure.proxy':
    'Прокси отказал в подключении или запросил пароль. ИТ может проверить настройки прокси на этом компьютере.',
  'connect.title': 'Добро пожаловать в Perch',
  'connect.intro':
    'Perch держит входящие вашей команды в трее. Посмотрите живое демо-пространство или подключите свой аккаунт.',
  'connect.demo': 'Открыть демо-пространство',
  'connect.demoHint': 'Живые входящие с имитацией посетителей, только на этом компьютере.',
  'connect.account': 'Подключить аккаунт',
  'connect.accountHint': 'Нужен API-токен приложения; он хранится в системной связке ключей.',
  'connect.baseUrl': 'Адрес API',
  'connect.appId': 'ID приложения (необязательно)',
  'connect.adminId': 'Ваш ID администратора',
  'connect.adminIdHint': 'Нужен для раздела «Мои», «Назначить на меня» и как отправитель ваших ответов.',
  'connect.token': 'API-токен',
  'connect.tokenHint': 'В панели администратора: настройки разработчика, API-ключи.',
  'connect.submit': 'Подключить',
  'connect.checking': 'Проверяем подключение…',
  'connect.back': 'Назад',
  'connect.cancel': 'Отмена',
  'connect.numberNeeded': 'Введите целое число больше нуля.',
  'connect.allowPlain':
    'Хранить токен в обычном файле на этом компьютере. Его сможет прочитать любой, у кого есть доступ к вашим файлам.',
  'connect.failure.invalid-url': 'Это не http(s)-адрес, с которым Perch может работать.',
  'connect.failure.insecure-url':
    'Perch передаёт токен только по https://. Укажите адрес https; обычный http:// допустим только для этого компьютера (localhost, 127.0.0.1).',
  'connect.failure.unreachable': 'Perch не смог связаться с этим адресом. Проверьте его и сеть.',
  'connect.failure.not-api': 'Адрес ответил, но это не API сообщений. Проверьте адрес.',
  'connect.failure.wrong-token': 'Токен отклонён. Скопируйте его заново в разделе API-ключей.',
  'connect.failure.wrong-app': 'Этот токен не относится к приложению {appId}.',
  'connect.failure.missing-scopes': 'У токена нет нужных Perch прав: {scopes}.',
  'connect.failure.server': 'Ошибка на сервере. Попробуйте чуть позже.',
  'connect.failure.no-secure-storage':
    'На этом компьютере нет надёжного места для токена (нет системной связки ключей).',
  'connect.connectedWithout': 'Подключено. У токена нет прав {scopes}, часть экранов будет пустой.',
  'connect.failure.app-unknown':
    'Perch не смог узнать приложение по этому токену: в нём ещё нет диалогов и посетителей. Введите ID приложения.',
  'connect.appIdPlaceholder': 'Узнаем по токену',
  'connect.failure.choose-admin': 'Токен подошёл. Теперь выберите себя среди администраторов приложения.',
  'connect.failure.unknown-admin':
    'Администратора {adminId} нет среди администраторов, которых Perch нашёл в этом приложении. Выберите себя в списке или оставьте ID, если уверены в нём.',
  'connect.whoAreYou': 'Кто вы?',
  'connect.adminOption': '{name} (ID {id})',
  'connect.otherAdmin': 'Другой ID администратора',
  'connect.noAdminsFound': 'Perch пока не нашёл администраторов в этом приложении: введите свой ID администратора.',
  'connect.keepUnlisted': 'Всё равно использовать ID {adminId}',
  'connect.adminNeeded': 'Выберите себя или введите свой ID администратора.',
  'connect.fieldsNeeded': 'Введите адрес API и API-токен.',
};
