// The site speaks to its customers in one voice: in Spanish, "tú" (decision 003, 026). A text that
// slips into "usted" ("le hemos enviado", "introduzca", "su cuenta") reads as another author; this
// finds such forms in every Spanish text the customer reads: the web app's catalogue, the server's
// messages, the account mails and the demo centre's own texts.
import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { esES } from '../../apps/web/src/lib/i18n/es-ES.ts'
import { linkTextsEsES } from '../../apps/web/src/lib/i18n/link-texts.ts'
import { placeTextsEsES } from '../../apps/web/src/lib/i18n/place-texts.ts'
import { addFeatureMessages } from '../../apps/server/src/feature-messages.ts'
import { spanishCatalogue } from '../../apps/server/src/http/messages.ts'
import { customerMail } from '../../apps/server/src/features/customers/customer-mails.ts'

const repoRoot = path.resolve(import.meta.dirname, '../..')

/**
 * Forms that address the reader as "usted": the pronoun, "le/les" as the one we do something for,
 * "su/sus" with what belongs to the reader, and the imperatives a site uses.
 */
const USTED = [
  /\bustedes?\b/i,
  /\b(le|les) (he|hemos|enviamos|enviaremos|recordamos|informamos|agradecemos|invitamos|esperamos|rogamos|damos|pedimos|confirmamos|llegará|llegarán)\b/i,
  /\bse le\b/i,
  /\bsus? (cuenta|correo|email|contraseña|bandeja|pedidos?|reservas?|perfil|tarjetas?|pagos?|compras?|registro|datos|sesión|bonos?|dirección|teléfono)\b/i,
  /\b(introduzca|haga clic|pulse|compruebe|inténtelo|vuelva a intentarlo|póngase|contacte|disculpe|acceda|regístrese|inicie sesión|seleccione|confirme|espere|recuerde|consulte|utilice|rellene|rellénelo|escríbanos|llámenos|díganos)\b/i,
  // "Puede volver a intentarlo", not the impersonal "se puede reservar".
  /(?<!\bse )\b(puede|podrá|debe|deberá) (usted|iniciar|volver|elegir|cambiar|entrar|pedir|reservar)\b/i,
]

/** Every string inside a value, with where it is. */
function strings(value, at = '') {
  if (typeof value === 'string') return [{ at, text: value }]
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, inner]) => strings(inner, at ? `${at}.${key}` : key))
  }
  return []
}

/** The Spanish texts of the demo centre's data files: every value under an "es-ES" key. */
function demoSpanish() {
  const dir = path.join(repoRoot, 'apps/server/src/db/seed/data')
  const found = []
  const walk = (value, at) => {
    if (Array.isArray(value)) return value.forEach((v, i) => walk(v, `${at}[${i}]`))
    if (!value || typeof value !== 'object') return
    for (const [key, inner] of Object.entries(value)) {
      if (key === 'es-ES') found.push(...strings(inner, `${at}.es-ES`))
      else walk(inner, `${at}.${key}`)
    }
  }
  for (const file of fs.readdirSync(dir).filter((f) => f.endsWith('.json'))) {
    walk(JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')), file)
  }
  return found
}

function mailSpanish() {
  const kinds = ['activation', 'welcome', 'reset', 'passwordChanged', 'emailChange', 'emailChangeNotice']
  return kinds.flatMap((kind) =>
    [null, 0, 1].flatMap((gender) => {
      const mail = customerMail(kind, {
        locale: 'es-ES',
        centreName: 'Club',
        name: 'Laura',
        link: 'https://club.example/x',
        address: 'nueva@example.com',
        gender,
      })
      return [
        { at: `${kind}.subject`, text: mail.subject },
        { at: `${kind}.text`, text: mail.text },
      ]
    }),
  )
}

const slips = (texts) =>
  texts.flatMap(({ at, text }) =>
    USTED.filter((pattern) => pattern.test(text)).map(
      (pattern) => `${at}: ${text.match(pattern)?.[0]} — ${text}`,
    ),
  )

describe('the Spanish voice', () => {
  it('finds the usted forms it looks for', () => {
    const found = slips(
      [
        'Si existe una cuenta con este correo, le hemos enviado un enlace.',
        'Introduzca su contraseña.',
        'Haga clic en el enlace.',
        'Revise su bandeja de entrada.',
        'Usted puede volver a intentarlo.',
      ].map((text, i) => ({ at: String(i), text })),
    )
    expect(new Set(found.map((f) => f.split(':')[0]))).toEqual(new Set(['0', '1', '2', '3', '4']))
    expect(slips([{ at: 'tú', text: 'Revisa tu bandeja de entrada: te hemos enviado un enlace.' }])).toEqual(
      [],
    )
  })

  it("uses tú in the web app's texts", () => {
    expect(slips([...strings(esES), ...strings(linkTextsEsES), ...strings(placeTextsEsES)])).toEqual([])
  })

  it("uses tú in the server's messages and the account mails", () => {
    // The shared messages and every feature's, as the app gathers them.
    addFeatureMessages()
    expect(
      slips([...spanishCatalogue().map((text, i) => ({ at: `messages[${i}]`, text })), ...mailSpanish()]),
    ).toEqual([])
  })

  it("uses tú in the demo centre's texts", () => {
    expect(slips(demoSpanish())).toEqual([])
  })
})
