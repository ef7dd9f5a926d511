export const offlinePtBR = {
  offline: 'Sem conexão com o servidor: mostrando as últimas posições conhecidas.',
  newVersion: 'Uma nova versão do Rastro está disponível.',
  reload: 'Recarregar',
  push: {
    enable: 'Receber notificações neste aparelho',
    enabled: 'Notificações ativadas neste aparelho.',
    denied: 'As notificações estão bloqueadas neste navegador. Libere-as nas configurações do site.',
    failed: 'Não foi possível ativar as notificações neste aparelho.',
  },
};
