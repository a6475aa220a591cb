import type { Locale } from '@clubhouse/contract'
import { ACTIVATION_TTL_HOURS, RESET_TTL_HOURS } from '@clubhouse/contract'

/**
 * The mails of a customer account, in the customer's language, signed with the centre's name.
 * Each has an HTML part (plain, semantic markup that reads well on a phone) and a text part.
 */

export type CustomerMailKind = 'activation' | 'welcome' | 'reset' | 'passwordChanged'

export interface MailContext {
  locale: Locale
  centreName: string
  name: string
  /** The link of the mail (activation, reset, the site for the others). */
  link: string
}

interface Texts {
  subject: string
  greeting: string
  lines: string[]
  button?: string
  after?: string
}

const texts: Record<CustomerMailKind, Record<Locale, (c: MailContext) => Texts>> = {
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
      subject: `Bienvenido a ${c.centreName}`,
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
