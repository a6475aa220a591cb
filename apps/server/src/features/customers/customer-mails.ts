import type { Locale } from '@clubhouse/contract/server'
import {
  ACTIVATION_TTL_HOURS,
  EMAIL_CHANGE_TTL_HOURS,
  Gender,
  RESET_TTL_HOURS,
} from '@clubhouse/contract/server'
import type { MailPurpose } from '../comms/mailer.ts'

/**
 * The mails of a customer account, in the customer's language, signed with the centre's name.
 * Each has an HTML part (plain, semantic markup that reads well on a phone) and a text part.
 */

export type CustomerMailKind =
  | 'activation'
  | 'welcome'
  | 'reset'
  | 'passwordChanged'
  | 'emailChange'
  | 'emailChangeNotice'
  | 'failedLogins'
  | 'registrationAttempt'

/** The capped purpose of each mail a stranger could make the site send (mailer.ts MAIL_CAPS). */
export const MAIL_PURPOSE: Partial<Record<CustomerMailKind, MailPurpose>> = {
  activation: 'activation',
  reset: 'reset',
  emailChange: 'email_change',
  emailChangeNotice: 'email_change_notice',
  registrationAttempt: 'registration_attempt',
}

export interface MailContext {
  locale: Locale
  centreName: string
  name: string
  /** The link of the mail (activation, reset, the site for the others). */
  link: string
  /** The new email of an email change, named in the notice to the old address. */
  address?: string
  /** When it happened, as the centre's clock reads it (the notice of failed logins). */
  when?: string
  /** The customer's gender when known (0 male, 1 female): Spanish words that agree with it. */
  gender?: number | null
}

/**
 * "Welcome to …" in Spanish agrees with the one welcomed: bienvenida to a woman, bienvenido to a man,
 * and a form that needs no gender when it is not known.
 */
const bienvenida = (c: MailContext) =>
  c.gender === Gender.Female
    ? `Bienvenida a ${c.centreName}`
    : c.gender === Gender.Male
      ? `Bienvenido a ${c.centreName}`
      : `Te damos la bienvenida a ${c.centreName}`

interface Texts {
  subject: string
  greeting: string
  lines: string[]
  button?: string
  after?: string
}

const texts = {
  activation: {
    'en-US': (c) => ({
      subject: `Activate your account at ${c.centreName}`,
      greeting: `Hello ${c.name},`,
      lines: [
        `Thank you for registering at ${c.centreName}.`,
        'Open the link below to activate your account. Then you can log in with your email and password.',
      ],
      button: 'Activate my account',
      after: `The link works once and for ${ACTIVATION_TTL_HOURS} hours. If you did not register, ignore this mail.`,
    }),
    'es-ES': (c) => ({
      subject: `Activa tu cuenta en ${c.centreName}`,
      greeting: `Hola ${c.name}:`,
      lines: [
        `Gracias por registrarte en ${c.centreName}.`,
        'Abre el enlace de abajo para activar tu cuenta. Después podrás entrar con tu email y tu contraseña.',
      ],
      button: 'Activar mi cuenta',
      after: `El enlace funciona una vez y durante ${ACTIVATION_TTL_HOURS} horas. Si no te has registrado, ignora este correo.`,
    }),
  },
  welcome: {
    'en-US': (c) => ({
      subject: `Welcome to ${c.centreName}`,
      greeting: `Hello ${c.name},`,
      lines: [
        'Your registration has been completed! Your account is active.',
        'Log in on our site to book, buy in the shop and see your orders, vouchers and communications.',
      ],
      button: `Go to ${c.centreName}`,
    }),
    'es-ES': (c) => ({
      subject: bienvenida(c),
      greeting: `Hola ${c.name}:`,
      lines: [
        '¡Tu registro se ha completado! Tu cuenta está activa.',
        'Entra en nuestra web para reservar, comprar en la tienda y ver tus pedidos, bonos y comunicaciones.',
      ],
      button: `Ir a ${c.centreName}`,
    }),
  },
  reset: {
    'en-US': (c) => ({
      subject: `Reset your password at ${c.centreName}`,
      greeting: `Hello ${c.name},`,
      lines: [
        'Someone asked to reset the password of your account. Open the link below to choose a new one.',
      ],
      button: 'Choose a new password',
      after: `The link works once and for ${RESET_TTL_HOURS} hour. If you did not ask for it, ignore this mail: your password stays as it is.`,
    }),
    'es-ES': (c) => ({
      subject: `Restablece tu contraseña en ${c.centreName}`,
      greeting: `Hola ${c.name}:`,
      lines: [
        'Alguien ha pedido restablecer la contraseña de tu cuenta. Abre el enlace de abajo para elegir una nueva.',
      ],
      button: 'Elegir una contraseña nueva',
      after: `El enlace funciona una vez y durante ${RESET_TTL_HOURS} hora. Si no lo has pedido, ignora este correo: tu contraseña no cambia.`,
    }),
  },
  passwordChanged: {
    'en-US': (c) => ({
      subject: `Your password at ${c.centreName} was changed`,
      greeting: `Hello ${c.name},`,
      lines: [
        'The password of your account was changed just now, and every other login was closed.',
        `If it was not you, reset your password at once from the login window and tell ${c.centreName}.`,
      ],
      button: `Go to ${c.centreName}`,
    }),
    'es-ES': (c) => ({
      subject: `Tu contraseña en ${c.centreName} ha cambiado`,
      greeting: `Hola ${c.name}:`,
      lines: [
        'La contraseña de tu cuenta acaba de cambiar y se han cerrado las demás sesiones.',
        `Si no has sido tú, restablece tu contraseña desde la ventana de acceso y avisa a ${c.centreName}.`,
      ],
      button: `Ir a ${c.centreName}`,
    }),
  },
} as Record<CustomerMailKind, Record<Locale, (c: MailContext) => Texts>>

texts.emailChange = {
  'en-US': (c) => ({
    subject: `Confirm your new email at ${c.centreName}`,
    greeting: `Hello ${c.name},`,
    lines: [
      `You asked for this address to be the email you log in with at ${c.centreName}.`,
      'Open the link below to confirm it. Until then you keep logging in with your current email.',
    ],
    button: 'Confirm my new email',
    after: `The link works once and for ${EMAIL_CHANGE_TTL_HOURS} hours. If you did not ask for it, ignore this mail: nothing changes.`,
  }),
  'es-ES': (c) => ({
    subject: `Confirma tu nuevo email en ${c.centreName}`,
    greeting: `Hola ${c.name}:`,
    lines: [
      `Has pedido que esta dirección sea el email con el que entras en ${c.centreName}.`,
      'Abre el enlace de abajo para confirmarlo. Hasta entonces sigues entrando con tu email actual.',
    ],
    button: 'Confirmar mi nuevo email',
    after: `El enlace funciona una vez y durante ${EMAIL_CHANGE_TTL_HOURS} horas. Si no lo has pedido, ignora este correo: nada cambia.`,
  }),
}
texts.emailChangeNotice = {
  'en-US': (c) => ({
    subject: `A change of email was asked for your account at ${c.centreName}`,
    greeting: `Hello ${c.name},`,
    lines: [
      `Someone logged in to your account asked to log in with ${c.address ?? 'another address'} from now on. We sent a link there to confirm it; until it is followed, nothing changes.`,
      `If it was not you, change your password at once and tell ${c.centreName}.`,
    ],
    button: `Go to ${c.centreName}`,
  }),
  'es-ES': (c) => ({
    subject: `Se ha pedido cambiar el email de tu cuenta en ${c.centreName}`,
    greeting: `Hola ${c.name}:`,
    lines: [
      `Alguien con acceso a tu cuenta ha pedido entrar a partir de ahora con ${c.address ?? 'otra dirección'}. Hemos enviado allí un enlace para confirmarlo; hasta que se abra, nada cambia.`,
      `Si no has sido tú, cambia tu contraseña enseguida y avisa a ${c.centreName}.`,
    ],
    button: `Ir a ${c.centreName}`,
  }),
}
/** To an account's address, when someone registers with it (decision 076): nothing changed. */
texts.registrationAttempt = {
  'en-US': (c) => ({
    subject: `Someone tried to register at ${c.centreName} with your address`,
    greeting: `Hello ${c.name},`,
    lines: [
      `Someone just tried to register at ${c.centreName} with this email address. It already has an account, so no new one was made and nothing changed in yours.`,
      'If it was you, log in with your email and password; if you forgot the password, choose a new one from the login window.',
    ],
    button: 'Log in',
    after: 'If it was not you, ignore this mail: your account and your password stay as they are.',
  }),
  'es-ES': (c) => ({
    subject: `Alguien ha intentado registrarse en ${c.centreName} con tu dirección`,
    greeting: `Hola ${c.name}:`,
    lines: [
      `Alguien acaba de intentar registrarse en ${c.centreName} con esta dirección de email. Ya tiene una cuenta, así que no se ha creado ninguna nueva y nada ha cambiado en la tuya.`,
      'Si has sido tú, entra con tu email y tu contraseña; si la has olvidado, elige una nueva desde la ventana de acceso.',
    ],
    button: 'Entrar',
    after: 'Si no has sido tú, ignora este correo: tu cuenta y tu contraseña siguen como estaban.',
  }),
}

texts.failedLogins = {
  'en-US': (c) => ({
    subject: `Someone tried to log in to your account at ${c.centreName}`,
    greeting: `Hello ${c.name},`,
    lines: [
      `Someone tried several times to log in to your account with a wrong password, the last time on ${c.when ?? 'just now'}.`,
      'If it was you, there is nothing to do. If it was not, your account is safe while your password is not guessed: we make each new try wait a little, and you can still log in as usual.',
      `If your password is easy to guess or you use it elsewhere, choose a new one from the login window ("Forgot your password?").`,
    ],
    button: `Go to ${c.centreName}`,
  }),
  'es-ES': (c) => ({
    subject: `Alguien ha intentado entrar en tu cuenta de ${c.centreName}`,
    greeting: `Hola ${c.name}:`,
    lines: [
      `Alguien ha intentado varias veces entrar en tu cuenta con una contraseña incorrecta, la última el ${c.when ?? 'hace un momento'}.`,
      'Si has sido tú, no tienes que hacer nada. Si no, tu cuenta está a salvo mientras no adivinen tu contraseña: hacemos esperar un poco cada nuevo intento y tú puedes seguir entrando como siempre.',
      'Si tu contraseña es fácil de adivinar o la usas en otros sitios, elige una nueva desde la ventana de acceso («¿Has olvidado tu contraseña?»).',
    ],
    button: `Ir a ${c.centreName}`,
  }),
}

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

/** Subject, HTML and text of one mail. */
export function customerMail(kind: CustomerMailKind, ctx: MailContext) {
  const t = texts[kind][ctx.locale](ctx)
  const html = [
    `<h1>${escapeHtml(ctx.centreName)}</h1>`,
    `<p>${escapeHtml(t.greeting)}</p>`,
    ...t.lines.map((line) => `<p>${escapeHtml(line)}</p>`),
    t.button ? `<p><a href="${escapeHtml(ctx.link)}"><strong>${escapeHtml(t.button)}</strong></a></p>` : '',
    t.button ? `<p><small>${escapeHtml(ctx.link)}</small></p>` : '',
    t.after ? `<p><small>${escapeHtml(t.after)}</small></p>` : '',
    `<p>${escapeHtml(ctx.centreName)}</p>`,
  ]
    .filter(Boolean)
    .join('\n')
  const text = [
    t.greeting,
    '',
    ...t.lines,
    '',
    ...(t.button ? [`${t.button}: ${ctx.link}`, ''] : []),
    ...(t.after ? [t.after, ''] : []),
    ctx.centreName,
  ].join('\n')
  return { subject: t.subject, html, text }
}
