import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'
import { addFeatureMessages, featureMessages } from '../feature-messages.ts'
import {
  errorLocale,
  issueMessage,
  say,
  spanishOf,
  spanishWith,
  translateMessage,
  type Messages,
} from './messages.ts'

// The catalogue as the app has it: the shared messages and every feature's.
addFeatureMessages()

const here = path.dirname(fileURLToPath(import.meta.url))
const serverSrc = path.resolve(here, '..')
const contractSrc = path.resolve(here, '../../../../packages/contract/src')

function sourcesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = path.join(dir, name)
    // The payment providers' adapters and their local fakes speak the providers' protocols, whose
    // words (SIS0042, DENIED) the API never answers as its own messages.
    if (statSync(p).isDirectory()) {
      return ['test', 'seed', 'fakes', 'providers'].includes(name) ? [] : sourcesUnder(p)
    }
    return p.endsWith('.ts') && !p.endsWith('.test.ts') ? [p] : []
  })
}

type Found = { message: string; where: string }

/**
 * A literal as the message it makes: `${…}` parts become "7", which the catalogue's `{name}` matches
 * like any number, id or list the code puts there.
 */
function literalText(node: ts.Node): string | undefined {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text
  if (ts.isTemplateExpression(node)) {
    return node.head.text + node.templateSpans.map((s) => `7${s.literal.text}`).join('')
  }
  return undefined
}

/**
 * Every message the server can answer, read from the sources: the message and field errors of each
 * `new AppError(…)` and `refuse(code, message, status, errors)`, `errors[…] = …` in services, the texts the error handler (errors.ts) sends
 * (`body`, `send`, `tr`, `say`), and in the contract the messages of zod checks (`.min`, `.max`, `.int`, `.regex`,
 * `.refine`, `z.email`, `error:` and `message:`). Names of constants are followed to their text.
 */
function collectMessages(): Found[] {
  const files = [...sourcesUnder(serverSrc), ...sourcesUnder(contractSrc)]
  const parsed = files.map((f) =>
    ts.createSourceFile(f, readFileSync(f, 'utf8'), ts.ScriptTarget.Latest, true),
  )
  // Every `const NAME = …` of the sources, to follow identifiers (shared message constants).
  const constants = new Map<string, ts.Expression[]>()
  for (const sf of parsed) {
    const visit = (n: ts.Node) => {
      if (ts.isVariableDeclaration(n) && ts.isIdentifier(n.name) && n.initializer) {
        const list = constants.get(n.name.text) ?? []
        list.push(n.initializer)
        constants.set(n.name.text, list)
      }
      ts.forEachChild(n, visit)
    }
    visit(sf)
  }

  const found: Found[] = []
  const where = (n: ts.Node) => {
    const sf = n.getSourceFile()
    const { line } = sf.getLineAndCharacterOfPosition(n.getStart())
    return `${path.relative(path.resolve(serverSrc, '../../..'), sf.fileName)}:${line + 1}`
  }
  /** The texts an expression can be: literals, both sides of ?: ?? ||, followed constants, arrows. */
  const texts = (e: ts.Node | undefined, seen = new Set<ts.Node>()) => {
    if (!e || seen.has(e)) return
    seen.add(e)
    const text = literalText(e)
    if (text !== undefined) {
      found.push({ message: text, where: where(e) })
    } else if (ts.isParenthesizedExpression(e) || ts.isAsExpression(e)) {
      texts(e.expression, seen)
    } else if (ts.isConditionalExpression(e)) {
      texts(e.whenTrue, seen)
      texts(e.whenFalse, seen)
    } else if (
      ts.isBinaryExpression(e) &&
      [ts.SyntaxKind.QuestionQuestionToken, ts.SyntaxKind.BarBarToken].includes(e.operatorToken.kind)
    ) {
      texts(e.left, seen)
      texts(e.right, seen)
    } else if (ts.isIdentifier(e)) {
      for (const init of constants.get(e.text) ?? []) texts(init, seen)
    } else if (ts.isArrowFunction(e) && !ts.isBlock(e.body)) {
      texts(e.body, seen)
    } else if (ts.isObjectLiteralExpression(e)) {
      // `errors: { field: 'message' }`
      for (const p of e.properties) if (ts.isPropertyAssignment(p)) texts(p.initializer, seen)
    }
  }
  const calleeName = (n: ts.CallExpression | ts.NewExpression) =>
    ts.isPropertyAccessExpression(n.expression) ? n.expression.name.text : n.expression.getText()
  const propValue = (obj: ts.Node | undefined, name: string) =>
    obj && ts.isObjectLiteralExpression(obj)
      ? obj.properties.find(
          (p): p is ts.PropertyAssignment => ts.isPropertyAssignment(p) && p.name.getText() === name,
        )?.initializer
      : undefined

  for (const sf of parsed) {
    const inContract = sf.fileName.startsWith(contractSrc)
    const isErrorHandler = sf.fileName === path.join(here, 'errors.ts')
    const visit = (n: ts.Node) => {
      if (ts.isNewExpression(n) && calleeName(n) === 'AppError') {
        texts(n.arguments?.[1])
        texts(propValue(n.arguments?.[2], 'errors'))
      }
      if (ts.isCallExpression(n)) {
        const name = calleeName(n)
        if (isErrorHandler && ['body', 'send', 'tr', 'translateMessage'].includes(name)) {
          for (const a of n.arguments) if (literalText(a) !== undefined || ts.isIdentifier(a)) texts(a)
        }
        if (isErrorHandler && name === 'say') texts(n.arguments[1])
        // A feature's own refusal maker: `refuse(code, message, status?, errors?)`.
        if (!inContract && name === 'refuse') {
          texts(n.arguments[1])
          texts(n.arguments[3])
        }
        if (
          inContract &&
          ['min', 'max', 'int', 'length', 'regex', 'refine', 'email', 'unknownKeys'].includes(name)
        ) {
          for (const a of n.arguments) if (literalText(a) !== undefined) texts(a)
        }
      }
      // errors[field] = '…' / ??= '…' in services
      if (
        !inContract &&
        ts.isBinaryExpression(n) &&
        [ts.SyntaxKind.EqualsToken, ts.SyntaxKind.QuestionQuestionEqualsToken].includes(
          n.operatorToken.kind,
        ) &&
        ts.isElementAccessExpression(n.left) &&
        n.left.expression.getText() === 'errors'
      ) {
        texts(n.right)
      }
      // `error:` and `message:` of zod, `invalid:` and `tooLarge:` of the contract's wholeNumber and IdSchema.
      if (
        inContract &&
        ts.isPropertyAssignment(n) &&
        ['error', 'message', 'invalid', 'tooLarge'].includes(n.name.getText())
      ) {
        texts(n.initializer)
      }
      // The helper that adds unknown keys to a message: its returned text.
      if (inContract && ts.isFunctionDeclaration(n) && n.name?.text === 'unknownKeys' && n.body) {
        for (const st of n.body.statements) if (ts.isReturnStatement(st)) texts(st.expression)
      }
      ts.forEachChild(n, visit)
    }
    visit(sf)
  }
  // Error codes are passed next to messages (`body(code, msg)`, `send(status, code, msg)`): not texts.
  return found.filter((f) => !/^[a-z_]+$/.test(f.message))
}

describe('error messages in Spanish', () => {
  const messages = collectMessages()

  it('finds the messages of the server and the contract', () => {
    const texts = messages.map((m) => m.message)
    for (const known of [
      'Order not found',
      'Invalid Email or Password',
      'This password is too common. Choose another one.',
      'Minimum length is 7',
      'Enter a valid email address',
      'This IBAN is not valid: check the digits',
      'Too many requests. Please wait a minute and try again.',
      'Check the field "{field}" in {part}: {message}',
      'The gridStatus is not valid JSON.',
      'This email is already registered.',
      'Choose yes or no.',
      '7 Unknown: 7.',
      'The custom field id is a whole number from 1.',
      'This text contains a control character, which is not allowed.',
      'The address or the headers of this request are too long.',
    ]) {
      expect(texts, known).toContain(known)
    }
    expect(messages.length).toBeGreaterThan(80)
  })

  it('has a Spanish text for every message the server can send', () => {
    const missing = messages.filter((m) => spanishOf(m.message) === undefined)
    expect(missing.map((m) => `${m.where}: ${m.message}`)).toEqual([])
  })

  it("words each feature's own messages beside it, and the others' in the shared file", async () => {
    const featuresDir = path.join(serverSrc, 'features')
    const own = new Map<string, Messages>()
    for (const feature of readdirSync(featuresDir)) {
      const file = path.join(featuresDir, feature, `${feature}.messages.ts`)
      if (!existsSync(file)) continue
      const exported = (await import(file)) as Record<string, Messages>
      for (const catalogue of Object.values(exported)) own.set(feature, catalogue)
    }
    // Every feature file the app gathers, and nothing else.
    expect(new Set(own.values())).toEqual(new Set(featureMessages))
    const misplaced = messages.filter((m) => {
      const feature = /^apps\/server\/src\/features\/([^/]+)\//.exec(m.where)?.[1]
      return feature !== undefined && spanishWith(own.get(feature) ?? {})(m.message) === undefined
    })
    expect(misplaced.map((m) => `${m.where}: ${m.message}`)).toEqual([])
  })

  it('translates whole messages, filling in the parts that vary', () => {
    expect(translateMessage('Minimum length is 5', 'es-ES')).toBe('La longitud mínima es 5')
    expect(translateMessage('At most 254 characters', 'es-ES')).toBe('Como máximo 254 caracteres')
    expect(translateMessage('Post 12 was not found.', 'es-ES')).toBe('No hemos encontrado la entrada 12.')
    expect(translateMessage('Each sort takes colId and sort only. Unknown: dir.', 'es-ES')).toBe(
      'Cada orden solo lleva colId y sort. Desconocidos: dir.',
    )
    expect(translateMessage('Minimum length is 5', 'en-US')).toBe('Minimum length is 5')
    expect(translateMessage('Something nobody wrote', 'es-ES')).toBe('Something nobody wrote')
    expect(translateMessage('constructor', 'es-ES')).toBe('constructor')
  })

  it('writes the validation summary around the field message, naming the part of the request', () => {
    expect(
      say('es-ES', 'Check the field "{field}" in {part}: {message}', {
        field: 'gridStatus',
        part: 'la consulta',
        message: 'El gridStatus no es un JSON válido.',
      }),
    ).toBe('Revisa el campo "gridStatus" en la consulta: El gridStatus no es un JSON válido.')
    expect(
      say('en-US', 'Check the field "{field}": {message}', { field: 'email', message: 'Required' }),
    ).toBe('Check the field "email": Required')
  })

  it("writes zod's own messages in Spanish from the issue", () => {
    const es = (keyword: string, params: Record<string, unknown>, message = 'zod says') =>
      issueMessage({ keyword, message, params }, 'es-ES')
    expect(es('too_big', { origin: 'string', maximum: 100, inclusive: true })).toBe(
      'Como máximo 100 caracteres',
    )
    expect(es('too_small', { origin: 'array', minimum: 1, inclusive: true })).toBe('Añade al menos uno')
    expect(es('too_big', { origin: 'array', maximum: 50, inclusive: true })).toBe('Como máximo 50 elementos')
    expect(
      es('invalid_type', { expected: 'boolean' }, 'Invalid input: expected boolean, received undefined'),
    ).toBe('Obligatorio')
    expect(
      es('invalid_type', { expected: 'boolean' }, 'Invalid input: expected boolean, received string'),
    ).toBe('Valor no válido: se esperaba verdadero o falso')
    expect(es('unrecognized_keys', { keys: ['a', 'b'] })).toBe('Campos desconocidos: a, b')
    expect(issueMessage({ keyword: 'too_big', message: 'Too big', params: {} }, 'en-US')).toBe('Too big')
  })

  it('answers in English when a request names no language, else in the one it picks', () => {
    expect(errorLocale(undefined)).toBe('en-US')
    expect(errorLocale('')).toBe('en-US')
    expect(errorLocale('es-ES,es;q=0.9')).toBe('es-ES')
    expect(errorLocale('es')).toBe('es-ES')
    expect(errorLocale('en-GB,en;q=0.8')).toBe('en-US')
  })
})
