import type { OutgoingMail } from '../mail/mailer';

/**
 * The recovery mail. Plain text in Portuguese (the default locale, SPEC §9) and English: the
 * gateway does not know which language the reader's browser will use, and a mail cannot ask.
 */
export function recoveryMail(to: string, link: string): OutgoingMail {
  return {
    to,
    subject: 'Recuperação de senha / Password recovery',
    text: [
      'Para criar uma nova senha, abra o link abaixo. Ele vale por 1 hora e pode ser usado uma vez.',
      'To choose a new password, open the link below. It works once, within 1 hour.',
      '',
      link,
      '',
      'Se você não pediu isso, ignore esta mensagem. / If you did not ask for this, ignore this message.',
    ].join('\n'),
  };
}
