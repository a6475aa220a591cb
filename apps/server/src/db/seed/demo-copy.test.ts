import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import type { Services } from '../../services.ts'
import type { NewActivity } from '../../features/activities/activities.service.ts'
import { DEMO_DATA_DIR, loadDemoData } from './demo-data.ts'
import { importDemoActivities } from './import-bookings.ts'

/**
 * The demo is a centre's shop window: what its copy says agrees with what its data offers — the
 * courts it counts, the sizes a garment comes in, the season an activity names — and a legal page
 * is not headed twice.
 */
const data = loadDemoData()

/** Every text in the demo's files, with where it is, for readable failures. */
function allTexts(): Array<[string, string]> {
  const found: Array<[string, string]> = []
  const walk = (value: unknown, where: string) => {
    if (typeof value === 'string') found.push([where, value])
    else if (Array.isArray(value)) value.forEach((v, i) => walk(v, `${where}[${i}]`))
    else if (value && typeof value === 'object') {
      for (const [k, v] of Object.entries(value)) walk(v, `${where}.${k}`)
    }
  }
  for (const file of fs.readdirSync(DEMO_DATA_DIR).filter((f) => f.endsWith('.json'))) {
    walk(JSON.parse(fs.readFileSync(path.join(DEMO_DATA_DIR, file), 'utf8')), file)
  }
  return found
}

const NUMBERS: Record<string, number> = Object.fromEntries(
  [
    ['uno', 'una', 'one'],
    ['dos', 'two'],
    ['tres', 'three'],
    ['cuatro', 'four'],
    ['cinco', 'five'],
    ['seis', 'six'],
    ['siete', 'seven'],
    ['ocho', 'eight'],
    ['nueve', 'nine'],
    ['diez', 'ten'],
    ['once', 'eleven'],
    ['doce', 'twelve'],
  ].flatMap((names, i) => names.map((name) => [name, i + 1])),
)
const numberOf = (word: string) => (/^\d+$/.test(word) ? Number(word) : NUMBERS[word.toLowerCase()])

/** What the copy may count of the courts, each by the phrases that count it ("8 of them covered"). */
const CLAIMS = {
  covered: [
    /\b(\w+) (?:pistas )?cubiertas\b/gi,
    /\b(\w+) de ellas cubiertas\b/gi,
    /\b(\w+) of them (?:covered|indoor)\b/gi,
    /\b(\w+) (?:covered|indoor) courts\b/gi,
    /\b(\w+) de sus \w+ pistas a cubierto\b/gi,
    /\b(\w+) of its \w+ courts under cover\b/gi,
  ],
  padel: [
    /\b(\w+) pistas de (?:pádel|cristal)\b/gi,
    /\b(\w+) (?:panoramic )?(?:padel|glass) courts\b/gi,
    /\b(\w+) panoramic padel courts\b/gi,
  ],
  tennis: [/\b(\w+) (?:pistas )?de tenis\b/gi, /\b(\w+) tennis courts\b/gi],
  // "All four courts", "las cuatro pistas": some of them, named before.
  all: [
    /(?<!\b(?:las|los|the|all) )\b(\w+) (?:pistas|courts)(?=[,.])/gi,
    /\bde sus (\w+) pistas\b/gi,
    /\bof its (\w+) courts\b/gi,
  ],
}

describe('the demo copy', () => {
  it('counts the courts the booking pages list: padel, covered, tennis and all', () => {
    const { resources } = data.bookings
    const padel = resources.filter((r) => r.type === 'padel-courts')
    const tennis = resources.filter((r) => r.type === 'tennis-courts')
    const facts = {
      padel: padel.length,
      covered: padel.filter((r) => /^cubierta/i.test(r.description['es-ES'])).length,
      tennis: tennis.length,
      all: padel.length + tennis.length,
    }
    expect(facts).toEqual({ padel: 8, covered: 4, tennis: 4, all: 12 })

    const wrong: string[] = []
    let claims = 0
    for (const [where, text] of allTexts()) {
      for (const [what, patterns] of Object.entries(CLAIMS) as [keyof typeof CLAIMS, RegExp[]][]) {
        for (const pattern of patterns) {
          for (const match of text.matchAll(pattern)) {
            const n = numberOf(match[1]!)
            if (n === undefined) continue
            claims += 1
            if (n !== facts[what]) wrong.push(`${where}: "${match[0]}" (${what} courts are ${facts[what]})`)
          }
        }
      }
    }
    expect(wrong).toEqual([])
    // The home's slide, its banner, the centre's description and the courts' type all count them.
    expect(claims).toBeGreaterThanOrEqual(8)
  })

  it('names the sizes a garment or a shoe is offered in', () => {
    const wrong: string[] = []
    let checked = 0
    for (const product of data.products) {
      const sizes = (product.variants ?? []).filter((v) => v.group['en-US'] === 'Size').map((v) => v.name)
      if (!sizes.length) continue
      const range = { 'es-ES': `${sizes[0]} a ${sizes.at(-1)}`, 'en-US': `${sizes[0]} to ${sizes.at(-1)}` }
      for (const locale of ['es-ES', 'en-US'] as const) {
        const said = /<strong>(?:Tallas|Sizes):<\/strong> (?:EU )?([^<,]+)/.exec(product.detail[locale])?.[1]
        if (said === undefined) continue
        checked += 1
        if (said.trim() !== range[locale])
          wrong.push(`${product.key} (${locale}): "${said}", offered ${range[locale]}`)
      }
    }
    expect(wrong).toEqual([])
    expect(checked).toBeGreaterThanOrEqual(16)
  })

  it('names an activity by the season it runs in, whatever the day the demo is seeded', async () => {
    // The season of each month (December to February is winter), written out here on its own.
    const seasonOn = (day: string) => {
      const month = day.slice(5, 7)
      if (['03', '04', '05'].includes(month)) return ['primavera', 'spring']
      if (['06', '07', '08'].includes(month)) return ['verano', 'summer']
      if (['09', '10', '11'].includes(month)) return ['otoño', 'autumn']
      return ['invierno', 'winter']
    }
    const SEASON_WORDS = /\b(primavera|verano|otoño|invierno|spring|summer|autumn|winter)\b/i
    let named = 0
    for (const seededOn of [
      '2026-01-10',
      '2026-03-10',
      '2026-05-01',
      '2026-06-15',
      '2026-09-05',
      '2026-11-27',
    ]) {
      let created: NewActivity[] = []
      const services = {
        activities: {
          createActivities: async (list: NewActivity[]) => {
            created = list
            return list.map((_, i) => i + 1)
          },
        },
      } as unknown as Pick<Services, 'activities'>
      await importDemoActivities(services, data.activities, {
        zone: data.main.timeZone,
        now: Date.parse(`${seededOn}T09:00:00Z`),
        customerIds: new Map(data.customers.map((c, i) => [c.key, i + 1])),
      })
      for (const activity of created) {
        const day = activity.startsAt.toISOString().slice(0, 10)
        for (const name of [activity.name['es-ES'], activity.name['en-US']]) {
          expect(name).not.toMatch(/[{}]/)
          const said = SEASON_WORDS.exec(name)?.[1]
          if (!said) continue
          named += 1
          expect(seasonOn(day), `${name}, starting ${day} (seeded on ${seededOn})`).toContain(
            said.toLowerCase(),
          )
        }
      }
    }
    expect(named).toBeGreaterThan(0)
  })

  it('heads a legal text only with its page or popup title, never a second time', () => {
    for (const [key, text] of Object.entries(data.legal)) {
      for (const locale of ['es-ES', 'en-US'] as const) {
        expect(text[locale].trimStart().slice(0, 80), `${key} (${locale})`).not.toMatch(/^<h[1-2][\s>]/i)
      }
    }
  })
})
