import type { Russian } from './translation';

/** Network settings: proxy, certificates, proxy sign-in. */
export const en = {
  'network.title': 'Network',
  'network.proxy.system': 'Proxy: {proxy}, as the system’s settings say.',
  'network.proxy.systemThenDirect':
    'Proxy: {proxy}, as the system’s settings say; directly when the proxy does not answer.',
  'network.proxy.systemUnknown': 'Proxy: the system’s settings.',
  'network.proxy.direct': 'Proxy: none, Perch connects directly (as the system says).',
  'network.proxy.environment': 'Proxy: from the HTTP_PROXY and HTTPS_PROXY variables, if set.',
  'network.certificates.system': 'Certificates: those your system trusts.',
  'network.certificates.bundled': 'Certificates: the ones built into Perch.',
  'network.help': 'Perch follows your computer’s proxy settings, including an automatic configuration (PAC) file.',
  'network.proxySignIn': 'Sign in to the proxy',
  'network.proxySignInText':
    'Your network’s proxy {proxy} asks for a user name and password. Perch gives them to the proxy only and forgets them when it quits.',
  'network.proxyUser': 'User name',
  'network.proxyPassword': 'Password',
  'network.proxySubmit': 'Sign in',
  'network.proxyCancel': 'Cancel',
} as const;

export const ru: Russian<typeof en> = {
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
  'network.proxySignIn': 'Вход на прокси',
  'network.proxySignInText':
    'Прокси вашей сети {proxy} просит имя пользователя и пароль. Perch передаёт их только прокси и забывает при выходе.',
  'network.proxyUser': 'Имя пользователя',
  'network.proxyPassword': 'Пароль',
  'network.proxySubmit': 'Войти',
  'network.proxyCancel': 'Отмена',
};
