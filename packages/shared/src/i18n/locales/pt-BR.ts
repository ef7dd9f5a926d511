/** Brazilian Portuguese: the product's default language. Every key here exists in es and en-US too. */
export const ptBR = {
  app: { name: 'Rastro', version: 'Versão {{version}}', loading: 'Carregando…' },
  login: {
    title: 'Entrar',
    email: 'Usuário ou e-mail',
    password: 'Senha',
    signIn: 'Entrar',
    signingIn: 'Entrando…',
    language: 'Idioma',
  },
  errors: {
    FILL_ALL_FIELDS: 'Preencha todos os campos.',
    HTTP_401_UNAUTHORIZED: 'Combinação de usuário e senha inválida.',
    ACCOUNT_IS_DISABLED: 'Conta desativada. Entre em contato com o administrador.',
    USER_IS_DISABLED: 'Conta desativada. Entre em contato com o administrador.',
    USER_HAS_EXPIRED: 'Conta expirada. Entre em contato com o administrador.',
    NETWORK_ERROR: 'Não foi possível falar com o servidor. Verifique sua conexão.',
    TIMEOUT: 'O servidor demorou demais para responder. Tente novamente.',
    unexpected: 'Algo deu errado. Tente novamente.',
  },
  remote: {
    loading: 'Carregando módulo…',
    failed: 'Não foi possível carregar este módulo ({{name}}).',
    crashed: 'Este módulo encontrou um erro ({{name}}).',
    retry: 'Tentar novamente',
  },
  shell: {
    menu: 'Menu',
    userMenu: 'Menu do usuário',
    logout: 'Sair',
    back: 'Voltar',
    close: 'Fechar',
    nav: {
      devices: 'Dispositivos',
      reports: 'Relatórios',
      geofence: 'Cercas',
      commands: 'Comandos',
      groups: 'Grupos',
      notifications: 'Notificações',
    },
    server: 'Servidor',
    liveOffline: 'Sem conexão ao vivo: reconectando…',
  },
  map: {
    label: 'Mapa ao vivo',
    devicesShown: '{{count}} dispositivos no mapa',
    engineFailed: 'O mapa não pôde ser iniciado neste navegador.',
  },
  devices: {
    title: 'Dispositivos',
    search: 'Buscar',
    empty: 'Nenhum dado disponível',
    noResults: 'Nenhum dispositivo encontrado',
    status: { online: 'Online', offline: 'Offline', unknown: 'Desconhecido' },
    lastUpdate: 'Última atualização',
    never: 'Nunca',
    speed: '{{value}} km/h',
  },
  reports: {
    title: 'Relatórios',
    kinds: { summary: 'Resumo', trips: 'Viagens', stops: 'Paradas', events: 'Eventos', route: 'Histórico de rota' },
  },
  billing: { title: 'Minhas faturas', empty: 'Nenhuma fatura disponível' },
  admin: {
    title: 'Servidor',
    version: 'Versão do servidor',
    registration: 'Cadastro aberto',
    readonly: 'Somente leitura',
    yes: 'Sim',
    no: 'Não',
  },
  maintenance: { title: 'Servidor em manutenção', body: 'Não conseguimos falar com o servidor. Voltaremos assim que ele responder.' },
  notFound: 'Não encontrado',
};

/** The shape every catalog must have: same keys, translated values. */
type Catalog<T> = { [K in keyof T]: T[K] extends string ? string : Catalog<T[K]> };
export type RastroCatalog = Catalog<typeof ptBR>;
