import type { Texts } from './en-US.ts'
import { addOnDemandTexts } from './on-demand-texts.ts'

/**
 * Texts of what follows a link the site mails: a new login email waiting for its link, the page
 * that confirms it, a link already sent minutes ago, an activation link clicked twice. Only pages
 * and forms loaded on demand show them, so they travel with those chunks instead of the first load
 * (decision 041): each file that uses them imports this one, which adds them to the catalogue of
 * both languages when it is first imported. Keys never repeat one of en-US.ts (a unit test checks).
 */
export const linkTextsEnUS = {
  auth: {
    linkAlreadySent:
      'We already sent a link to this address at {{sentAt}}. Check your inbox and spam folder; you can ask for another one from {{resendAfter}}.',
    resetAlreadySent:
      'If an account exists for this email, we already sent it a link at {{sentAt}}. Check your inbox and spam folder; you can ask for another one from {{resendAfter}}.',
    alreadyActive: 'Your account is already active',
    alreadyActiveNext: 'This link has been used before. Log in with your email and password.',
    confirmEmailTitle: 'Confirm your new email',
    confirmingEmail: 'Confirming your new email…',
    emailConfirmed: 'Your email has changed',
    emailConfirmedNext: 'Your email is now {{email}}. Use it to log in.',
    emailChangeFailed: 'We could not change your email.',
    emailChangeAgain: 'To try again, change your email in My account and open the new link we send you.',
    emailTakenMeanwhile:
      'Another account has started using this email since you asked for the change. Choose another one in My account.',
    toAccount: 'Go to My account',
  },
  account: {
    currentPasswordHint: 'Needed to change the email you log in with.',
    emailLinkSent: 'We sent a link to {{email}}. Your login email changes when you open it.',
    emailPending:
      'Your new email {{email}} is waiting for confirmation: open the link we sent to it. Until then, you log in with {{current}}.',
  },
} as const

export const linkTextsEsES: Texts<typeof linkTextsEnUS> = {
  auth: {
    linkAlreadySent:
      'Ya te enviamos un enlace a esta dirección a las {{sentAt}}. Revisa tu bandeja de entrada y la carpeta de spam; puedes pedir otro a partir de las {{resendAfter}}.',
    resetAlreadySent:
      'Si existe una cuenta con este correo, ya te enviamos un enlace a las {{sentAt}}. Revisa tu bandeja de entrada y la carpeta de spam; puedes pedir otro a partir de las {{resendAfter}}.',
    alreadyActive: 'Tu cuenta ya está activa',
    alreadyActiveNext: 'Este enlace ya se ha usado. Inicia sesión con tu correo y tu contraseña.',
    confirmEmailTitle: 'Confirma tu nuevo correo',
    confirmingEmail: 'Confirmando tu nuevo correo…',
    emailConfirmed: 'Tu correo ha cambiado',
    emailConfirmedNext: 'Tu correo es ahora {{email}}. Úsalo para iniciar sesión.',
    emailChangeFailed: 'No hemos podido cambiar tu correo.',
    emailChangeAgain:
      'Para intentarlo de nuevo, cambia tu correo en Mi cuenta y abre el nuevo enlace que te enviaremos.',
    emailTakenMeanwhile:
      'Otra cuenta ha empezado a usar este correo desde que pediste el cambio. Elige otro en Mi cuenta.',
    toAccount: 'Ir a Mi cuenta',
  },
  account: {
    currentPasswordHint: 'La necesitamos para cambiar el correo con el que inicias sesión.',
    emailLinkSent:
      'Hemos enviado un enlace a {{email}}. Tu correo para iniciar sesión cambiará cuando lo abras.',
    emailPending:
      'Tu nuevo correo {{email}} está pendiente de confirmar: abre el enlace que te enviamos. Hasta entonces, inicias sesión con {{current}}.',
  },
}

addOnDemandTexts({ 'en-US': linkTextsEnUS, 'es-ES': linkTextsEsES })
