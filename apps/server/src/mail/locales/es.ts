import type { MailTexts } from '../languages.ts';

export default {
  signature: '— Tarang',
  verifyEmail: {
    subject: 'Confirma tu correo electrónico',
    intro: 'Abre este enlace para confirmar que esta dirección es tuya:',
    outro:
      'El enlace solo funciona una vez, durante {{hours}} horas. Si no has creado ninguna cuenta, ignora este correo.',
  },
  changeEmail: {
    subject: 'Confirma tu nueva dirección de correo',
    intro: 'Alguien ha pedido usar esta dirección para su cuenta de Tarang. Para confirmarla, abre este enlace:',
    outro:
      'El enlace solo funciona una vez, durante {{hours}} horas. Hasta entonces, la cuenta conserva su dirección anterior. Si no has sido tú, ignora este correo.',
  },
  emailChanged: {
    subject: 'Se ha cambiado tu dirección de correo',
    intro:
      'La dirección de correo de tu cuenta de Tarang se ha cambiado a {{email}}. A partir de ahora, los correos sobre la cuenta se enviarán allí.',
    outro: 'Si no has sido tú, restablece tu contraseña de inmediato y abre un ticket de soporte.',
  },
  resetPassword: {
    subject: 'Restablece tu contraseña',
    intro: 'Para elegir una contraseña nueva, abre este enlace:',
    outro:
      'El enlace solo funciona una vez, durante {{minutes}} minutos, y cierra tu sesión en todos los demás sitios. Si no lo has pedido tú, ignora este correo: tu contraseña seguirá siendo la misma.',
  },
  passwordChanged: {
    subject: 'Se ha cambiado tu contraseña',
    intro: 'La contraseña de tu cuenta de Tarang se acaba de cambiar y se han cerrado todas las demás sesiones.',
    outro: 'Si no has sido tú, restablece tu contraseña de inmediato desde la página de inicio de sesión.',
  },
} satisfies MailTexts;
