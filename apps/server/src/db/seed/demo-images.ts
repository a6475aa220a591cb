import {
  loadDemoData,
  type DemoArt,
  type DemoData,
  type DemoImageRef,
  type PersonArt,
  type PostArt,
  type ProductArt,
  type SceneArt,
  type SponsorArt,
} from './demo-data.ts'

/**
 * Draws the demo content's images as small flat SVG illustrations: products on a tinted
 * background, blog headers, portraits, club scenes and sponsor marks. No text, no scripts and no
 * external references, so they are safe to serve from /uploads/ as they are.
 */

export const IMAGE_SIZES = {
  product: { width: 270, height: 280 },
  productDetail: { width: 530, height: 480 },
  post: { width: 770, height: 430 },
  avatar: { width: 160, height: 160 },
  team: { width: 400, height: 400 },
  banner: { width: 1200, height: 500 },
  gallery: { width: 800, height: 600 },
  sponsor: { width: 270, height: 145 },
  bookingType: { width: 800, height: 450 },
  resource: { width: 480, height: 300 },
  activity: { width: 270, height: 280 },
} as const

export interface ImageSize {
  width: number
  height: number
}

const NAVY = '#0b1a2c'
const LIME = '#d9f34a'
const CORAL = '#ff7a59'
const WHITE = '#ffffff'
const GOLD = '#f5c542'

// ---------------------------------------------------------------------------------------------
// Colours and small helpers

type Rgb = [number, number, number]

function toRgb(hex: string): Rgb {
  const h = hex.replace('#', '')
  const full = h.length === 3 ? [...h].map((c) => c + c).join('') : h.slice(0, 6)
  const n = Number.parseInt(full, 16)
  if (!/^[0-9a-f]{6}$/i.test(full) || Number.isNaN(n)) return [15, 118, 110]
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255]
}

/** Blends colour a towards colour b by t (0..1). */
function mix(a: string, b: string, t: number): string {
  const x = toRgb(a)
  const y = toRgb(b)
  return `#${x
    .map((v, i) =>
      Math.round(v + ((y[i] ?? v) - v) * t)
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`
}

interface Palette {
  base: string
  shade: string
  deep: string
  soft: string
  light: string
  pale: string
  wash: string
}

function palette(hue: string): Palette {
  const base = mix(hue, hue, 0)
  return {
    base,
    shade: mix(base, NAVY, 0.3),
    deep: mix(base, NAVY, 0.62),
    soft: mix(base, WHITE, 0.35),
    light: mix(base, WHITE, 0.62),
    pale: mix(base, WHITE, 0.84),
    wash: mix(base, WHITE, 0.93),
  }
}

/** A stable number from a string, to vary details (skin tones, confetti) deterministically. */
function seedOf(text: string): number {
  let h = 2166136261
  for (const ch of text) h = Math.imul(h ^ ch.charCodeAt(0), 16777619)
  return h >>> 0
}

const r1 = (v: number) => Math.round(v * 10) / 10

const stop = (offset: number, color: string, opacity?: number) =>
  `<stop offset="${offset}" stop-color="${color}"${opacity === undefined ? '' : ` stop-opacity="${opacity}"`}/>`

function linear(id: string, stops: string, x2 = 0, y2 = 1, x1 = 0, y1 = 0): string {
  return `<linearGradient id="${id}" x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}">${stops}</linearGradient>`
}

function radial(id: string, stops: string, cx = 0.5, cy = 0.5, r = 0.5): string {
  return `<radialGradient id="${id}" cx="${cx}" cy="${cy}" r="${r}">${stops}</radialGradient>`
}

/** Gradients every illustration may use: a padel ball, a soft shadow and a white glow. */
const SHARED_DEFS =
  radial('ball', stop(0, '#f7ffb8') + stop(0.6, '#d7f03c') + stop(1, '#a3c414'), 0.35, 0.32, 0.75) +
  radial('shadow', stop(0, NAVY, 0.28) + stop(1, NAVY, 0)) +
  radial('glow', stop(0, WHITE, 0.9) + stop(1, WHITE, 0)) +
  linear('gold', stop(0, '#fde68a') + stop(0.5, GOLD) + stop(1, '#c98a0c'), 1, 0)

/** A padel ball with its seam. */
function ball(cx: number, cy: number, r: number, rot = 0): string {
  const a = r1(r * 0.72)
  const c = r1(r * 0.2)
  return (
    `<g transform="translate(${r1(cx)} ${r1(cy)}) rotate(${rot})"><circle r="${r}" fill="url(#ball)"/>` +
    `<path d="M${-a} ${-a}Q${-c} 0 ${-a} ${a}M${a} ${-a}Q${c} 0 ${a} ${a}" fill="none" stroke="#fff" ` +
    `stroke-opacity=".85" stroke-width="${r1(Math.max(1.2, r * 0.12))}" stroke-linecap="round"/></g>`
  )
}

function svg(size: ImageSize, defs: string, body: string): string {
  const { width: w, height: h } = size
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">` +
    `<defs>${SHARED_DEFS}${defs}</defs>${body}</svg>`
  )
}

// ---------------------------------------------------------------------------------------------
// Products, each drawn in a 200x200 box with the object between about 20 and 180.

type ArtFn = (p: Palette, seed: number) => string

const RACKET_FACE =
  'M100 20C140 20 152 46 152 74C152 104 132 124 114 132L108 150H92L86 132C68 124 48 104 48 74C48 46 60 20 100 20ZM100 122L107 141H93Z'

/** Three face designs, so that rackets of the same colour family still look different. */
const RACKET_STRIPES = [
  `<path d="M30 108L170 54V70L30 124Z" fill="${LIME}"/><path d="M30 130L170 76V82L30 136Z" fill="#fff" fill-opacity=".7"/>`,
  `<path d="M30 52L170 100V114L30 66Z" fill="${CORAL}"/><path d="M30 74L170 122V128L30 80Z" fill="${LIME}"/>`,
  `<path d="M40 70L100 104L160 70V84L100 118L40 84Z" fill="${LIME}"/><path d="M40 92L100 126L160 92V98L100 132L40 98Z" fill="#fff" fill-opacity=".6"/>`,
]

const SHIRT_PATH =
  'M78 34L58 40L26 66L42 96L60 86V168Q60 174 66 174H134Q140 174 140 168V86L158 96L174 66L142 40L122 34Q100 52 78 34Z'
const TANK_PATH =
  'M74 28H86Q88 50 100 50Q112 50 114 28H126Q128 60 142 76V168Q142 174 136 174H64Q58 174 58 168V76Q72 60 74 28Z'
const JACKET_PATH =
  'M80 30L58 38L38 60L24 150L44 156L60 96V170Q60 176 66 176H134Q140 176 140 170V96L156 156L176 150L162 60L142 38L120 30Q100 42 80 30Z'

function garment(p: Palette, path: string, extra: string): string {
  return (
    `<defs>${linear('g1', stop(0, p.soft) + stop(1, p.shade), 1, 1)}<clipPath id="gc"><path d="${path}"/></clipPath></defs>` +
    `<path d="${path}" fill="url(#g1)"/><g clip-path="url(#gc)">${extra}</g>` +
    `<path d="${path}" fill="none" stroke="${p.deep}" stroke-opacity=".35" stroke-width="1.5" stroke-linejoin="round"/>`
  )
}

const PRODUCT_ARTS: Record<ProductArt, ArtFn> = {
  racket: (p, seed) =>
    `<defs>${linear('rf', stop(0, p.soft) + stop(0.55, p.base) + stop(1, p.deep), 1, 1)}` +
    `<clipPath id="rc"><path d="${RACKET_FACE}" clip-rule="evenodd"/></clipPath>` +
    `<pattern id="rh" width="8" height="8" patternUnits="userSpaceOnUse"><circle cx="4" cy="4" r="1.5" fill="#fff" fill-opacity=".4"/></pattern></defs>` +
    `<g transform="translate(100 104) scale(1.08) rotate(-24) translate(-100 -104)"><path d="${RACKET_FACE}" fill="url(#rf)" fill-rule="evenodd"/>` +
    `<g clip-path="url(#rc)">${RACKET_STRIPES[seed % RACKET_STRIPES.length]}` +
    `<ellipse cx="100" cy="72" rx="40" ry="42" fill="url(#rh)"/></g>` +
    `<path d="${RACKET_FACE}" fill="none" stroke="${NAVY}" stroke-width="5" stroke-linejoin="round"/>` +
    `<rect x="92" y="146" width="16" height="44" rx="5" fill="${NAVY}"/>` +
    `<path d="M92 156l16 6M92 167l16 6M92 178l16 6" stroke="${p.soft}" stroke-width="2.5" stroke-opacity=".8"/>` +
    `<rect x="89" y="186" width="22" height="8" rx="4" fill="${LIME}"/></g>`,

  'ball-tube': (p) =>
    `<defs>${linear('tb', stop(0, WHITE, 0.75) + stop(0.5, WHITE, 0.35) + stop(1, WHITE, 0.7), 1, 0)}` +
    `${linear('tc', stop(0, p.soft) + stop(1, p.shade), 1, 0)}</defs>` +
    `<g transform="rotate(-8 100 104)">${ball(100, 58, 23, 20)}${ball(100, 104, 23, -30)}${ball(100, 150, 23, 60)}` +
    `<rect x="73" y="30" width="54" height="150" rx="10" fill="url(#tb)" stroke="${p.soft}" stroke-width="2"/>` +
    `<rect x="73" y="86" width="54" height="40" fill="url(#tc)"/><path d="M73 112H127" stroke="${LIME}" stroke-width="5"/>` +
    `<rect x="69" y="20" width="62" height="18" rx="6" fill="${NAVY}"/><rect x="69" y="174" width="62" height="12" rx="5" fill="${p.deep}"/>` +
    `<rect x="80" y="36" width="6" height="136" rx="3" fill="#fff" fill-opacity=".55"/></g>`,

  balls: (p) =>
    `<circle cx="100" cy="102" r="74" fill="${p.light}" fill-opacity=".55"/>` +
    `${ball(72, 128, 30, 15)}${ball(130, 130, 30, -40)}${ball(101, 80, 30, 70)}` +
    `<path d="M40 164Q100 176 160 164" stroke="${p.base}" stroke-width="6" stroke-linecap="round" fill="none" stroke-opacity=".5"/>`,

  shirt: (p) =>
    garment(
      p,
      SHIRT_PATH,
      `<path d="M120 0L200 80V100L100 0Z" fill="${p.deep}" fill-opacity=".35"/><path d="M0 100L60 40V56L0 116ZM200 100L140 40V56L200 116Z" fill="${LIME}"/>` +
        `<path d="M78 34Q100 52 122 34" fill="none" stroke="${NAVY}" stroke-width="6"/><circle cx="122" cy="74" r="6" fill="${LIME}"/>`,
    ),

  tank: (p) =>
    garment(
      p,
      TANK_PATH,
      `<path d="M58 120L142 96V108L58 132Z" fill="${LIME}"/><path d="M58 132L142 108V200H58Z" fill="${p.deep}" fill-opacity=".25"/>` +
        `<path d="M86 28Q88 50 100 50Q112 50 114 28" fill="none" stroke="${NAVY}" stroke-width="5"/>`,
    ),

  jacket: (p) =>
    garment(
      p,
      JACKET_PATH,
      `<path d="M0 60L60 40V48L0 68ZM200 60L140 40V48L200 68Z" fill="${LIME}"/><path d="M24 140H60M140 140H176" stroke="${NAVY}" stroke-width="10"/>` +
        `<rect x="60" y="160" width="80" height="16" fill="${p.deep}"/><path d="M100 40V176" stroke="${NAVY}" stroke-width="4"/>` +
        `<path d="M80 30Q100 42 120 30L116 22Q100 32 84 22Z" fill="${NAVY}"/><rect x="97" y="46" width="6" height="12" rx="2" fill="${LIME}"/>`,
    ),

  shorts: (p) =>
    `<defs>${linear('s1', stop(0, p.soft) + stop(1, p.shade), 1, 1)}</defs>` +
    `<path d="M54 50H146L162 148Q134 156 108 150L100 100L92 150Q66 156 38 148Z" fill="url(#s1)"/>` +
    `<rect x="52" y="42" width="96" height="16" rx="4" fill="${p.deep}"/><path d="M92 50l-4 14M108 50l4 14" stroke="${LIME}" stroke-width="3" stroke-linecap="round"/>` +
    `<path d="M57 62L42 146M143 62L158 146" stroke="${LIME}" stroke-width="5"/><path d="M100 100V60" stroke="${p.deep}" stroke-opacity=".4" stroke-width="2"/>`,

  skirt: (p) =>
    `<defs>${linear('k1', stop(0, p.soft) + stop(1, p.shade), 1, 1)}</defs>` +
    `<path d="M64 60H136L166 150Q100 164 34 150Z" fill="url(#k1)"/>` +
    `<path d="M82 62L70 156M100 62V160M118 62L130 156" stroke="${p.deep}" stroke-opacity=".3" stroke-width="3"/>` +
    `<path d="M40 140Q100 152 160 140" stroke="${LIME}" stroke-width="5" fill="none"/>` +
    `<rect x="62" y="48" width="76" height="16" rx="5" fill="${p.deep}"/><circle cx="124" cy="56" r="3.5" fill="${LIME}"/>`,

  shoes: (p) =>
    `<defs>${linear('h1', stop(0, p.soft) + stop(1, p.shade), 0.6, 1)}</defs>` +
    `<path d="M26 132L30 104Q32 92 46 92Q62 94 72 84L90 68Q98 62 106 70L118 88Q142 96 164 104Q182 112 182 132Z" fill="url(#h1)"/>` +
    `<path d="M26 132L30 104Q33 94 44 93L48 132Z" fill="${p.deep}" fill-opacity=".4"/>` +
    `<path d="M44 94Q60 98 72 84" stroke="${p.deep}" stroke-width="5" fill="none" stroke-linecap="round"/>` +
    `<path d="M150 101Q180 110 182 132H148Q152 116 150 101Z" fill="#fff" fill-opacity=".3"/>` +
    `<path d="M56 124Q106 104 156 114" stroke="${LIME}" stroke-width="8" fill="none" stroke-linecap="round"/>` +
    `<path d="M88 80l12 9M96 74l12 10M104 72l10 12" stroke="#fff" stroke-width="3.5" stroke-linecap="round"/>` +
    `<path d="M22 130H184Q187 130 186 138L185 142Q183 150 172 150H38Q24 150 22 140Z" fill="#fff"/>` +
    `<path d="M26 146H182" stroke="${NAVY}" stroke-width="6" stroke-linecap="round"/>`,

  socks: (p) => {
    const sock = (dx: number, dy: number, fill: string, band: string) =>
      `<g transform="translate(${dx} ${dy})"><path d="M62 24H100V110Q100 128 118 134L140 142Q156 148 150 164Q144 176 128 171L80 158Q62 152 62 128Z" fill="${fill}"/>` +
      `<rect x="62" y="24" width="38" height="20" fill="${band}"/><path d="M62 50H100" stroke="${LIME}" stroke-width="5"/>` +
      `<path d="M130 140Q146 148 140 168" stroke="#fff" stroke-opacity=".5" stroke-width="6" fill="none"/></g>`
    return sock(18, 6, p.shade, p.deep) + sock(-12, 12, p.soft, p.base)
  },

  cap: (p) =>
    `<defs>${linear('c1', stop(0, p.soft) + stop(1, p.shade), 0.8, 1)}</defs>` +
    `<path d="M140 118Q172 116 192 132Q176 142 146 136Z" fill="${p.deep}"/>` +
    `<path d="M24 124Q26 58 92 54Q150 54 152 124Z" fill="url(#c1)"/>` +
    `<path d="M92 54Q70 80 66 124M92 54Q118 80 122 124" stroke="${p.deep}" stroke-opacity=".35" stroke-width="2.5" fill="none"/>` +
    `<path d="M24 118H152V126H24Z" fill="${p.deep}" fill-opacity=".45"/><circle cx="92" cy="54" r="5" fill="${NAVY}"/>` +
    `<circle cx="124" cy="94" r="9" fill="${LIME}"/>`,

  bag: (p) =>
    `<defs>${linear('b1', stop(0, p.soft) + stop(1, p.shade), 0, 1)}</defs>` +
    `<path d="M70 82Q70 52 100 52Q130 52 130 82" stroke="${NAVY}" stroke-width="8" fill="none"/>` +
    `<rect x="22" y="78" width="156" height="76" rx="36" fill="url(#b1)"/>` +
    `<path d="M22 116A36 36 0 0 1 58 78V154A36 36 0 0 1 22 116ZM178 116A36 36 0 0 0 142 78V154A36 36 0 0 0 178 116Z" fill="${p.deep}"/>` +
    `<path d="M58 88Q100 82 142 88" stroke="${NAVY}" stroke-width="3" stroke-dasharray="4 3" fill="none"/>` +
    `<rect x="58" y="122" width="84" height="8" fill="${LIME}"/><rect x="78" y="98" width="44" height="14" rx="7" fill="#fff" fill-opacity=".25"/>`,

  backpack: (p) =>
    `<defs>${linear('p1', stop(0, p.soft) + stop(1, p.shade), 1, 1)}</defs>` +
    `<path d="M84 44Q84 22 100 22Q116 22 116 44" stroke="${NAVY}" stroke-width="7" fill="none"/>` +
    `<rect x="54" y="38" width="92" height="140" rx="34" fill="url(#p1)"/>` +
    `<rect x="66" y="106" width="68" height="60" rx="16" fill="${p.deep}"/><path d="M70 118H130" stroke="${LIME}" stroke-width="4"/>` +
    `<path d="M62 70Q100 56 138 70" stroke="${NAVY}" stroke-width="3" fill="none"/><circle cx="100" cy="86" r="6" fill="${LIME}"/>` +
    `<rect x="94" y="136" width="12" height="4" rx="2" fill="#fff" fill-opacity=".6"/>`,

  grip: (p) => {
    const roll = (cx: number, cy: number, fill: string, stripe: string) =>
      `<g transform="translate(${cx} ${cy})"><circle r="34" fill="${fill}"/><circle r="26" fill="none" stroke="${stripe}" stroke-opacity=".5" stroke-width="2"/>` +
      `<circle r="18" fill="none" stroke="${stripe}" stroke-opacity=".5" stroke-width="2"/><circle r="11" fill="${NAVY}"/><circle r="6" fill="#fff" fill-opacity=".25"/></g>`
    return (
      `<path d="M132 108Q170 112 174 150Q176 170 160 178" stroke="${p.soft}" stroke-width="16" fill="none" stroke-linecap="round"/>` +
      roll(70, 120, p.base, WHITE) +
      roll(132, 112, p.soft, p.deep) +
      roll(100, 70, '#fff', p.base)
    )
  },

  bottle: (p) =>
    `<defs>${linear('w1', stop(0, p.soft) + stop(0.45, p.base) + stop(1, p.deep), 1, 0)}</defs>` +
    `<path d="M72 70Q72 56 86 52V40H114V52Q128 56 128 70V172Q128 182 118 182H82Q72 182 72 172Z" fill="url(#w1)"/>` +
    `<rect x="80" y="20" width="40" height="24" rx="6" fill="${NAVY}"/><path d="M120 28Q136 28 136 40" stroke="${NAVY}" stroke-width="5" fill="none"/>` +
    `<rect x="72" y="104" width="56" height="36" fill="${p.deep}" fill-opacity=".5"/><path d="M72 118H128" stroke="${LIME}" stroke-width="6"/>` +
    `<rect x="80" y="64" width="7" height="104" rx="3.5" fill="#fff" fill-opacity=".4"/>`,

  towel: (p) => {
    const layer = (y: number, dx: number, fill: string) =>
      `<g transform="translate(${dx} ${y})"><rect x="36" y="0" width="128" height="34" rx="12" fill="${fill}"/>` +
      `<path d="M132 0V34M142 0V34" stroke="${LIME}" stroke-width="4"/><path d="M48 6Q40 17 48 28" stroke="#fff" stroke-opacity=".4" stroke-width="3" fill="none"/></g>`
    return layer(130, -4, p.shade) + layer(96, 4, p.base) + layer(62, -2, p.soft) + layer(28, 2, '#fff')
  },

  wristband: (p) =>
    `<ellipse cx="100" cy="86" rx="66" ry="30" fill="none" stroke="${p.shade}" stroke-width="20"/>` +
    `<ellipse cx="100" cy="80" rx="66" ry="30" fill="none" stroke="${p.base}" stroke-width="20"/>` +
    `<path d="M40 80Q100 120 160 80" stroke="${LIME}" stroke-width="4" fill="none"/>` +
    `<ellipse cx="72" cy="146" rx="30" ry="16" fill="none" stroke="${p.deep}" stroke-width="16"/>` +
    `<ellipse cx="72" cy="142" rx="30" ry="16" fill="none" stroke="${p.soft}" stroke-width="16"/>` +
    `<ellipse cx="134" cy="152" rx="28" ry="15" fill="none" stroke="${p.deep}" stroke-width="15"/>` +
    `<ellipse cx="134" cy="148" rx="28" ry="15" fill="none" stroke="#fff" stroke-width="15"/>`,

  'energy-bar': (p) => {
    const zigzag = (x: number) => `M${x} 66` + 'l5 5l-5 5'.repeat(7)
    return (
      `<defs>${linear('e1', stop(0, p.soft) + stop(1, p.shade), 0, 1)}</defs>` +
      `<g transform="rotate(-14 100 100)"><rect x="30" y="66" width="140" height="70" rx="4" fill="url(#e1)"/>` +
      `<rect x="22" y="66" width="14" height="70" rx="3" fill="${p.deep}"/><rect x="164" y="66" width="14" height="70" rx="3" fill="${p.deep}"/>` +
      `<path d="${zigzag(26)}${zigzag(168)}" stroke="#fff" stroke-opacity=".45" stroke-width="2" fill="none"/>` +
      `<rect x="58" y="82" width="84" height="38" rx="19" fill="${LIME}"/><circle cx="80" cy="101" r="8" fill="${p.deep}"/>` +
      `<path d="M98 96H128M98 106H118" stroke="${p.deep}" stroke-width="4" stroke-linecap="round"/></g>` +
      `<g transform="rotate(10 100 160)"><rect x="66" y="148" width="70" height="26" rx="6" fill="#c58f4a"/>` +
      `<circle cx="80" cy="158" r="3" fill="#8a5a2b"/><circle cx="98" cy="164" r="3" fill="#8a5a2b"/><circle cx="118" cy="156" r="3" fill="#fde68a"/></g>`
    )
  },

  'drink-can': (p) =>
    `<defs>${linear('d1', stop(0, p.deep) + stop(0.3, p.soft) + stop(0.6, p.base) + stop(1, p.deep), 1, 0)}` +
    `${linear('d2', stop(0, '#e2e8f0') + stop(0.5, '#f8fafc') + stop(1, '#94a3b8'), 1, 0)}</defs>` +
    `<path d="M66 40Q66 30 76 28H124Q134 30 134 40V166Q134 176 124 178H76Q66 176 66 166Z" fill="url(#d1)"/>` +
    `<ellipse cx="100" cy="30" rx="32" ry="8" fill="url(#d2)"/><rect x="92" y="24" width="16" height="8" rx="4" fill="#94a3b8"/>` +
    `<path d="M66 120Q100 96 134 116V140Q100 122 66 146Z" fill="${LIME}"/><circle cx="100" cy="76" r="14" fill="#fff" fill-opacity=".85"/>` +
    `<path d="M100 66Q108 76 108 80A8 8 0 0 1 92 80Q92 76 100 66Z" fill="${p.base}"/><path d="M66 170H134" stroke="#cbd5e1" stroke-width="6"/>`,

  pass: (p) =>
    `<defs>${linear('q1', stop(0, p.soft) + stop(0.5, p.base) + stop(1, p.deep), 1, 1)}<clipPath id="qc"><rect x="24" y="50" width="152" height="98" rx="12"/></clipPath></defs>` +
    `<g transform="rotate(-10 100 100)"><rect x="34" y="62" width="144" height="92" rx="12" fill="${p.deep}" opacity=".5"/></g>` +
    `<g transform="rotate(6 100 100)"><rect x="24" y="50" width="152" height="98" rx="12" fill="url(#q1)"/>` +
    `<g clip-path="url(#qc)"><circle cx="152" cy="70" r="46" fill="none" stroke="#fff" stroke-opacity=".18" stroke-width="10"/><circle cx="152" cy="70" r="24" fill="none" stroke="#fff" stroke-opacity=".18" stroke-width="8"/></g>` +
    `<rect x="38" y="66" width="28" height="22" rx="4" fill="${LIME}"/><path d="M38 77H66M52 66V88" stroke="${p.deep}" stroke-opacity=".4" stroke-width="1.5"/>` +
    `<rect x="38" y="114" width="70" height="8" rx="4" fill="#fff" fill-opacity=".85"/><rect x="38" y="128" width="44" height="6" rx="3" fill="#fff" fill-opacity=".5"/>` +
    `${ball(150, 124, 12, 30)}</g>`,

  voucher: (p) =>
    `<defs>${linear('v1', stop(0, p.soft) + stop(1, p.shade), 1, 1)}</defs>` +
    `<g transform="rotate(-6 100 100)"><rect x="26" y="58" width="148" height="96" rx="12" fill="url(#v1)"/>` +
    `<rect x="108" y="58" width="16" height="96" fill="${LIME}"/><rect x="26" y="98" width="148" height="14" fill="${LIME}"/>` +
    `<path d="M116 104C96 76 78 82 86 98Q92 106 116 104ZM116 104C136 76 154 82 146 98Q140 106 116 104Z" fill="${CORAL}"/>` +
    `<path d="M116 104L102 130M116 104L130 130" stroke="${CORAL}" stroke-width="6" stroke-linecap="round"/><circle cx="116" cy="104" r="7" fill="#fff"/>` +
    `<rect x="40" y="124" width="50" height="8" rx="4" fill="#fff" fill-opacity=".8"/><rect x="40" y="70" width="30" height="6" rx="3" fill="#fff" fill-opacity=".5"/></g>`,
}

function productImage(kind: ProductArt, p: Palette, size: ImageSize, detail: boolean, seed: number): string {
  const { width: w, height: h } = size
  const m = Math.min(w, h)
  const s = (m / 200) * (detail ? 0.8 : 0.76)
  const ox = r1((w - 200 * s) / 2)
  const oy = r1((h - 200 * s) / 2)
  const cx = w / 2
  const cy = h / 2
  const defs = linear('bg', stop(0, p.wash) + stop(1, p.pale), 1, 1)
  const rings = detail
    ? `<circle cx="${cx}" cy="${cy}" r="${r1(m * 0.44)}" fill="none" stroke="${p.base}" stroke-opacity=".1" stroke-width="${r1(m * 0.02)}"/>` +
      `<path d="M${r1(cx - m * 0.47)} ${r1(cy)}A${r1(m * 0.47)} ${r1(m * 0.47)} 0 0 1 ${r1(cx)} ${r1(cy - m * 0.47)}" fill="none" stroke="${LIME}" stroke-width="${r1(m * 0.012)}" stroke-linecap="round"/>`
    : ''
  const body =
    `<rect width="${w}" height="${h}" fill="url(#bg)"/>` +
    `<circle cx="${cx}" cy="${r1(cy - m * 0.02)}" r="${r1(m * 0.4)}" fill="url(#glow)"/>` +
    rings +
    `<circle cx="${r1(w * 0.84)}" cy="${r1(h * 0.16)}" r="${r1(m * 0.022)}" fill="${LIME}"/>` +
    `<circle cx="${r1(w * 0.14)}" cy="${r1(h * 0.24)}" r="${r1(m * 0.012)}" fill="${p.base}" fill-opacity=".45"/>` +
    `<rect x="${r1(w * 0.12)}" y="${r1(h * 0.78)}" width="${r1(m * 0.035)}" height="${r1(m * 0.035)}" rx="${r1(m * 0.008)}" fill="${CORAL}" fill-opacity=".8" transform="rotate(20 ${r1(w * 0.12)} ${r1(h * 0.78)})"/>` +
    `<ellipse cx="${cx}" cy="${r1(oy + 186 * s)}" rx="${r1(64 * s)}" ry="${r1(8 * s)}" fill="url(#shadow)"/>` +
    `<g transform="translate(${ox} ${oy}) scale(${r1(s * 100) / 100})">${PRODUCT_ARTS[kind](p, seed)}</g>`
  return svg(size, defs, body)
}

// ---------------------------------------------------------------------------------------------
// Blog headers: an emblem in a 200x200 box on a deep gradient.

const POST_ARTS: Record<PostArt, ArtFn> = {
  court: (p) =>
    `<g transform="translate(100 104) scale(1 .56) rotate(45)"><rect x="-64" y="-104" width="128" height="208" rx="4" fill="${NAVY}" fill-opacity=".35" transform="translate(8 8)"/>` +
    `<rect x="-60" y="-100" width="120" height="200" fill="${p.soft}"/><rect x="-60" y="-100" width="120" height="200" fill="none" stroke="#fff" stroke-width="3"/>` +
    `<path d="M-60 -70H60M-60 70H60M0 -70V70" stroke="#fff" stroke-width="2.5"/><path d="M-66 0H66" stroke="${NAVY}" stroke-width="5"/></g>` +
    `${ball(128, 76, 9, 20)}<path d="M72 132Q96 86 122 78" stroke="${LIME}" stroke-width="3" stroke-dasharray="3 5" fill="none" stroke-linecap="round"/>`,

  trophy: () =>
    `<path d="M66 40H134V70Q134 112 100 118Q66 112 66 70Z" fill="url(#gold)"/>` +
    `<path d="M66 50H48Q44 84 72 94M134 50H152Q156 84 128 94" stroke="${GOLD}" stroke-width="7" fill="none"/>` +
    `<rect x="92" y="116" width="16" height="24" fill="#c98a0c"/><rect x="74" y="138" width="52" height="12" rx="3" fill="url(#gold)"/>` +
    `<rect x="64" y="150" width="72" height="26" rx="4" fill="${NAVY}"/><rect x="82" y="158" width="36" height="8" rx="2" fill="${LIME}"/>` +
    `<path d="M100 56l5 11 12 1-9 8 3 12-11-6-11 6 3-12-9-8 12-1Z" fill="#fff" fill-opacity=".8"/>` +
    `<path d="M78 46V86" stroke="#fff" stroke-opacity=".45" stroke-width="5" stroke-linecap="round"/>`,

  dumbbell: (p) =>
    `<g transform="rotate(-18 100 100)"><rect x="40" y="94" width="120" height="12" rx="4" fill="#cbd5e1"/>` +
    `<rect x="26" y="62" width="22" height="76" rx="6" fill="${NAVY}"/><rect x="46" y="70" width="16" height="60" rx="5" fill="${p.soft}"/>` +
    `<rect x="152" y="62" width="22" height="76" rx="6" fill="${NAVY}"/><rect x="138" y="70" width="16" height="60" rx="5" fill="${p.soft}"/>` +
    `<path d="M80 94V106M90 94V106M100 94V106M110 94V106M120 94V106" stroke="#94a3b8" stroke-width="2"/></g>` +
    `<path d="M138 140Q138 122 152 122Q166 122 166 140" stroke="${LIME}" stroke-width="7" fill="none"/><circle cx="152" cy="158" r="24" fill="${LIME}"/><rect x="140" y="176" width="24" height="6" rx="3" fill="${NAVY}" fill-opacity=".4"/>`,

  nutrition: () =>
    `<g transform="translate(0 12)"><circle cx="76" cy="84" r="18" fill="#4d7c0f"/><circle cx="76" cy="84" r="13" fill="#bef264"/><circle cx="76" cy="86" r="6" fill="#854d0e"/>` +
    `<circle cx="108" cy="76" r="15" fill="${CORAL}"/><circle cx="108" cy="76" r="9" fill="#fecaca" fill-opacity=".7"/>` +
    `<path d="M126 86Q142 64 156 80Q144 96 126 86Z" fill="#65a30d"/><circle cx="92" cy="96" r="10" fill="#fde68a"/><circle cx="130" cy="98" r="9" fill="#f97316"/></g>` +
    `<path d="M36 100H164Q160 150 100 154Q40 150 36 100Z" fill="#fff"/><path d="M44 112H156" stroke="${LIME}" stroke-width="6"/>` +
    `<rect x="80" y="152" width="40" height="10" rx="4" fill="#e2e8f0"/>` +
    `<path d="M162 36L132 92" stroke="#cbd5e1" stroke-width="6" stroke-linecap="round"/><ellipse cx="166" cy="30" rx="8" ry="12" fill="#e2e8f0" transform="rotate(28 166 30)"/>`,

  academy: (p) =>
    `<path d="M36 168L54 112H70L88 168Z" fill="${CORAL}"/><path d="M46 140H78M42 154H82" stroke="#fff" stroke-width="5"/><rect x="30" y="164" width="64" height="8" rx="3" fill="${CORAL}"/>` +
    `<g transform="rotate(24 132 96)"><ellipse cx="132" cy="74" rx="30" ry="36" fill="${p.soft}" stroke="${NAVY}" stroke-width="5"/>` +
    `<path d="M104 80H160" stroke="${LIME}" stroke-width="8"/><rect x="125" y="108" width="14" height="46" rx="5" fill="${NAVY}"/></g>` +
    `${ball(84, 70, 14, 10)}${ball(160, 160, 11, 80)}` +
    `<path d="M40 46l4 9 10 1-8 6 3 10-9-5-9 5 3-10-8-6 10-1Z" fill="${LIME}"/><circle cx="60" cy="86" r="4" fill="#fff" fill-opacity=".6"/>`,

  calendar: (p) =>
    `<rect x="38" y="40" width="124" height="126" rx="12" fill="#fff"/><path d="M38 52Q38 40 50 40H150Q162 40 162 52V74H38Z" fill="${CORAL}"/>` +
    `<rect x="64" y="30" width="8" height="22" rx="4" fill="${NAVY}"/><rect x="128" y="30" width="8" height="22" rx="4" fill="${NAVY}"/>` +
    Array.from({ length: 12 }, (_, i) => {
      const x = 52 + (i % 4) * 26
      const y = 86 + Math.floor(i / 4) * 24
      return i === 6
        ? `<rect x="${x}" y="${y}" width="18" height="16" rx="4" fill="${LIME}"/><path d="M${x + 4} ${y + 8}l4 4 7-8" stroke="${NAVY}" stroke-width="2.5" fill="none"/>`
        : `<rect x="${x}" y="${y}" width="18" height="16" rx="4" fill="${i % 5 === 1 ? p.soft : '#e2e8f0'}"/>`
    }).join(''),

  stretching: (p) =>
    `<g transform="rotate(-14 74 132)"><rect x="20" y="112" width="110" height="40" rx="20" fill="${p.soft}"/><rect x="20" y="112" width="110" height="40" rx="20" fill="none" stroke="#fff" stroke-opacity=".35" stroke-width="2"/>` +
    `<path d="M48 112V152M76 112V152M104 112V152" stroke="${p.shade}" stroke-opacity=".4" stroke-width="3"/>` +
    `<ellipse cx="130" cy="132" rx="12" ry="20" fill="${p.base}"/><path d="M130 120A10 12 0 1 1 126 138A6 7 0 1 1 132 128" stroke="#fff" stroke-opacity=".6" stroke-width="2.5" fill="none"/></g>` +
    `<path d="M120 164Q100 150 120 140Q148 128 168 140Q188 152 166 166Q146 176 120 164Z" fill="none" stroke="${CORAL}" stroke-width="7"/>` +
    `<circle cx="146" cy="68" r="30" fill="#fff"/><circle cx="146" cy="68" r="23" fill="${p.pale}"/><rect x="140" y="28" width="12" height="10" rx="3" fill="${NAVY}"/>` +
    `<path d="M146 68V52M146 68l10 8" stroke="${NAVY}" stroke-width="4" stroke-linecap="round"/><path d="M146 45A23 23 0 0 1 169 68H146Z" fill="${LIME}" fill-opacity=".8"/><circle cx="146" cy="68" r="3.5" fill="${CORAL}"/>`,

  technique: (p) =>
    `<circle cx="150" cy="146" r="30" fill="none" stroke="#fff" stroke-opacity=".25" stroke-width="4"/><circle cx="150" cy="146" r="16" fill="none" stroke="#fff" stroke-opacity=".45" stroke-width="4"/><circle cx="150" cy="146" r="5" fill="${CORAL}"/>` +
    `<path d="M78 92Q120 28 150 140" stroke="${LIME}" stroke-width="3" stroke-dasharray="2 7" stroke-linecap="round" fill="none"/>${ball(108, 56, 11, 30)}` +
    `<g transform="rotate(-40 60 110)"><ellipse cx="60" cy="90" rx="28" ry="34" fill="${p.soft}" stroke="${NAVY}" stroke-width="5"/>` +
    `<path d="M34 94H86" stroke="${LIME}" stroke-width="7"/><rect x="53" y="122" width="14" height="44" rx="5" fill="${NAVY}"/></g>`,
}

/** Blog headers come in three layouts (emblem centred, left or right) so a list of posts looks varied. */
function postImage(kind: PostArt, p: Palette, size: ImageSize, seed: number): string {
  const { width: w, height: h } = size
  const layout = seed % 3
  const s = (h / 200) * (layout === 0 ? 0.82 : 0.78)
  const cx = r1(w * [0.5, 0.34, 0.66][layout]!)
  const cy = h / 2
  const defs = linear(
    'bg',
    stop(0, p.base) + stop(0.55, p.shade) + stop(1, p.deep),
    layout === 2 ? 0 : 1,
    1,
    layout === 2 ? 1 : 0,
  )
  const dots = Array.from({ length: 20 }, (_, i) => {
    const x = r1(w * 0.06 + (i % 5) * h * 0.045)
    const y = r1(h * 0.12 + Math.floor(i / 5) * h * 0.045)
    return `<circle cx="${x}" cy="${y}" r="${r1(h * 0.006)}"/>`
  }).join('')
  const rings =
    `<g fill="none" stroke="#fff" stroke-opacity=".08" stroke-width="${r1(h * 0.006)}">` +
    [0.3, 0.42, 0.54, 0.7].map((k) => `<circle cx="${cx}" cy="${cy}" r="${r1(h * k)}"/>`).join('') +
    `</g><circle cx="${cx}" cy="${cy}" r="${r1(h * 0.38)}" fill="url(#glow)" opacity=".22"/>`
  // Decorations are drawn for the centred and left layouts and mirrored for the right one.
  const centred =
    `<g fill="#fff" fill-opacity=".3">${dots}</g>` +
    `<path d="M${r1(w * 0.78)} ${h}L${w} ${r1(h * 0.62)}V${h}Z" fill="${LIME}" fill-opacity=".9"/>` +
    `<path d="M${r1(w * 0.86)} ${h}L${w} ${r1(h * 0.78)}V${h}Z" fill="${NAVY}" fill-opacity=".35"/>` +
    `<circle cx="${r1(w * 0.85)}" cy="${r1(h * 0.2)}" r="${r1(h * 0.03)}" fill="${CORAL}"/>` +
    `<path d="M${r1(w * 0.12)} ${r1(h * 0.82)}l${r1(h * 0.05)} ${r1(-h * 0.09)}l${r1(h * 0.05)} ${r1(h * 0.09)}Z" fill="#fff" fill-opacity=".25"/>`
  const side =
    `<circle cx="${r1(w * 0.9)}" cy="${r1(h * 0.12)}" r="${r1(h * 0.42)}" fill="#fff" fill-opacity=".06"/>` +
    [0, 1, 2]
      .map(
        (i) =>
          `<path d="M${r1(w * (0.66 + i * 0.07))} ${h}L${r1(w * (0.8 + i * 0.07))} 0" stroke="${[LIME, '#fff', NAVY][i]}" stroke-opacity="${[0.9, 0.18, 0.3][i]}" stroke-width="${r1(h * 0.035)}"/>`,
      )
      .join('') +
    `<circle cx="${r1(w * 0.74)}" cy="${r1(h * 0.78)}" r="${r1(h * 0.03)}" fill="${CORAL}"/>` +
    `<g fill="#fff" fill-opacity=".3" transform="translate(${r1(w * 0.8)} ${r1(h * 0.5)})">${dots}</g>`
  const decor =
    layout === 0 ? centred : layout === 1 ? side : `<g transform="translate(${w} 0) scale(-1 1)">${side}</g>`
  const body =
    `<rect width="${w}" height="${h}" fill="url(#bg)"/>` +
    rings +
    decor +
    `<g transform="translate(${r1(cx - 100 * s)} ${r1(cy - 100 * s)}) scale(${r1(s * 100) / 100})">${POST_ARTS[kind](p, seed)}</g>`
  return svg(size, defs, body)
}

// ---------------------------------------------------------------------------------------------
// People: friendly head-and-shoulders portraits in a 200x200 box.

const SKIN = ['#f6d5bd', '#eab996', '#d39a6c', '#b27a52', '#8a5636', '#f0c8a8', '#c68b5e', '#6f4429']
const HAIR = ['#2b1d14', '#4a3020', '#8a5a2b', '#c8914b', '#1f2937', '#6b4b3a', '#a16207', '#3f2a1d']

function personArt(kind: PersonArt, p: Palette, seed: number): string {
  const skin = SKIN[seed % SKIN.length] ?? '#eab996'
  const hair = HAIR[Math.floor(seed / 8) % HAIR.length] ?? '#2b1d14'
  const shadeSkin = mix(skin, NAVY, 0.18)
  const back: Partial<Record<PersonArt, string>> = {
    'person-long': `<path d="M62 92Q58 46 100 44Q142 46 138 92L142 146Q100 160 58 146Z" fill="${hair}"/>`,
    'person-bun': `<circle cx="100" cy="40" r="17" fill="${hair}"/>`,
    'person-ponytail': `<path d="M128 70Q160 80 150 128Q146 142 136 146Q146 110 122 84Z" fill="${hair}"/>`,
    'person-curly': [70, 84, 100, 116, 130, 62, 138]
      .map(
        (x, i) =>
          `<circle cx="${x}" cy="${i < 5 ? 58 - (i % 2) * 6 : 78}" r="${i < 5 ? 16 : 13}" fill="${hair}"/>`,
      )
      .join(''),
  }
  const front: Record<PersonArt, string> = {
    'person-short': `<path d="M67 96Q62 50 102 52Q130 50 136 70Q138 84 132 94Q128 76 116 70Q108 78 90 74Q76 76 67 96Z" fill="${hair}"/>`,
    'person-long': `<path d="M68 96Q64 50 100 50Q136 50 132 96Q120 72 96 72Q82 78 68 96Z" fill="${hair}"/>`,
    'person-curly': `<path d="M68 88Q64 52 100 50Q136 52 132 88Q116 74 100 76Q84 74 68 88Z" fill="${hair}"/>`,
    'person-bun': `<path d="M68 92Q66 56 100 54Q134 56 132 92Q124 70 100 68Q76 70 68 92Z" fill="${hair}"/>`,
    'person-beard':
      `<path d="M68 90Q66 54 100 52Q134 54 132 90Q126 70 100 70Q74 70 68 90Z" fill="${hair}"/>` +
      `<path d="M70 96Q72 134 100 134Q128 134 130 96Q124 116 112 114Q100 110 88 114Q76 116 70 96Z" fill="${hair}"/>`,
    'person-ponytail': `<path d="M68 94Q66 56 100 54Q134 56 132 92Q118 72 98 72Q80 76 68 94Z" fill="${hair}"/>`,
  }
  const smile =
    kind === 'person-beard'
      ? ''
      : `<path d="M91 110Q100 118 109 110" stroke="${NAVY}" stroke-width="2.6" fill="none" stroke-linecap="round"/>`
  return (
    `<defs>${linear('sh', stop(0, p.soft) + stop(1, p.shade), 0.4, 1)}</defs>` +
    (back[kind] ?? '') +
    `<path d="M26 200Q28 152 70 142Q100 136 130 142Q172 152 174 200Z" fill="url(#sh)"/>` +
    `<path d="M86 124H114V146Q100 156 86 146Z" fill="${shadeSkin}"/>` +
    `<path d="M82 140L100 162L118 140" fill="none" stroke="#fff" stroke-opacity=".6" stroke-width="5" stroke-linejoin="round"/>` +
    `<circle cx="68" cy="96" r="7" fill="${shadeSkin}"/><circle cx="132" cy="96" r="7" fill="${shadeSkin}"/>` +
    `<ellipse cx="100" cy="92" rx="32" ry="37" fill="${skin}"/>` +
    front[kind] +
    `<circle cx="88" cy="96" r="3" fill="${NAVY}"/><circle cx="112" cy="96" r="3" fill="${NAVY}"/>` +
    `<circle cx="80" cy="108" r="5" fill="${CORAL}" fill-opacity=".22"/><circle cx="120" cy="108" r="5" fill="${CORAL}" fill-opacity=".22"/>` +
    smile
  )
}

function personImage(kind: PersonArt, p: Palette, size: ImageSize, seed: number): string {
  const { width: w, height: h } = size
  const m = Math.min(w, h)
  const s = (m / 200) * 0.94
  const defs = linear('bg', stop(0, p.wash) + stop(1, p.light), 0.3, 1)
  const body =
    `<rect width="${w}" height="${h}" fill="url(#bg)"/>` +
    `<circle cx="${w / 2}" cy="${r1(h * 0.46)}" r="${r1(m * 0.36)}" fill="#fff" fill-opacity=".55"/>` +
    `<circle cx="${r1(w * 0.82)}" cy="${r1(h * 0.2)}" r="${r1(m * 0.03)}" fill="${LIME}"/>` +
    `<circle cx="${r1(w * 0.16)}" cy="${r1(h * 0.3)}" r="${r1(m * 0.018)}" fill="${CORAL}" fill-opacity=".7"/>` +
    `<g transform="translate(${r1((w - 200 * s) / 2)} ${r1(h - 200 * s)}) scale(${r1(s * 100) / 100})">${personArt(kind, p, seed)}</g>`
  return svg(size, defs, body)
}

// ---------------------------------------------------------------------------------------------
// Club scenes for the gallery and the banners.

type SceneFn = (p: Palette, w: number, h: number) => string

/** Aerial view of a row of padel courts, filling any canvas. */
function courts(p: Palette, w: number, h: number, night: boolean): string {
  const ground = night ? mix(NAVY, p.base, 0.12) : mix(p.deep, '#334155', 0.4)
  const turf = night ? mix(p.base, NAVY, 0.35) : p.base
  const cw = r1(h * 0.34)
  const ch = r1(cw * 2)
  const gap = r1(cw * 0.32)
  const n = Math.ceil((w * 1.12) / (cw + gap)) + 1
  const x0 = -((n * (cw + gap) - w) / 2)
  const y0 = r1((h - ch) / 2)
  const out: string[] = []
  for (let i = 0; i < n; i++) {
    const x = r1(x0 + i * (cw + gap))
    const line = (y: number) => `M${x} ${r1(y)}H${r1(x + cw)}`
    out.push(
      `<rect x="${r1(x + cw * 0.06)}" y="${r1(y0 + cw * 0.06)}" width="${cw}" height="${ch}" fill="${NAVY}" fill-opacity=".35"/>` +
        `<rect x="${x}" y="${y0}" width="${cw}" height="${ch}" fill="${i % 2 ? mix(turf, NAVY, 0.08) : turf}"/>` +
        `<path d="${line(y0 + ch * 0.153)}${line(y0 + ch * 0.847)}M${r1(x + cw / 2)} ${r1(y0 + ch * 0.153)}V${r1(y0 + ch * 0.847)}" stroke="#fff" stroke-opacity=".85" stroke-width="${r1(cw * 0.015)}"/>` +
        `<path d="${line(y0 + ch / 2)}" stroke="${NAVY}" stroke-width="${r1(cw * 0.035)}"/>` +
        `<rect x="${x}" y="${y0}" width="${cw}" height="${ch}" fill="none" stroke="#e0f2fe" stroke-opacity=".7" stroke-width="${r1(cw * 0.03)}"/>`,
    )
    if (night)
      out.push(
        [0.1, 0.9]
          .map(
            (k) =>
              `<circle cx="${r1(x + cw / 2)}" cy="${r1(y0 + ch * k)}" r="${r1(cw * 0.8)}" fill="url(#lamp)"/>`,
          )
          .join(''),
      )
  }
  const players = [
    [0.3, 0.3, CORAL],
    [0.7, 0.36, '#fff'],
    [0.35, 0.7, LIME],
    [0.68, 0.64, p.pale],
  ] as const
  const mid = Math.floor(n / 2)
  for (const k of [mid - 1, mid]) {
    const x = x0 + k * (cw + gap)
    for (const [fx, fy, c] of players)
      out.push(
        `<circle cx="${r1(x + cw * fx)}" cy="${r1(y0 + ch * fy)}" r="${r1(cw * 0.05)}" fill="${c}" stroke="${NAVY}" stroke-opacity=".4" stroke-width="${r1(cw * 0.012)}"/>`,
      )
    out.push(ball(x + cw * 0.52, y0 + ch * 0.42, r1(cw * 0.022)))
  }
  const trees = Array.from({ length: Math.ceil(w / (h * 0.3)) }, (_, i) => {
    const tx = r1(i * h * 0.3 + h * 0.1)
    return [y0 * 0.45, h - y0 * 0.45]
      .map(
        (ty) =>
          `<circle cx="${tx}" cy="${r1(ty)}" r="${r1(h * 0.05)}" fill="#166534"/><circle cx="${r1(tx - h * 0.012)}" cy="${r1(ty - h * 0.012)}" r="${r1(h * 0.03)}" fill="#22c55e" fill-opacity=".7"/>`,
      )
      .join('')
  }).join('')
  return (
    `<defs>${radial('lamp', stop(0, '#fef9c3', 0.55) + stop(1, '#fef9c3', 0))}</defs>` +
    `<rect width="${w}" height="${h}" fill="${ground}"/>` +
    `<g transform="rotate(-8 ${w / 2} ${h / 2})">${out.join('')}</g>${trees}` +
    (night ? `<rect width="${w}" height="${h}" fill="${NAVY}" fill-opacity=".15"/>` : '')
  )
}

/** A room seen from the front: wall and floor span the canvas, furniture sits in an 800x600 box. */
function room(w: number, h: number, wall: string, floor: string, content: string): string {
  const s = Math.min(w / 800, h / 600)
  const ox = w / h > 2 ? w - 800 * s - w * 0.02 : (w - 800 * s) / 2
  const oy = h - 600 * s
  const horizon = r1(oy + 430 * s)
  return (
    `<rect width="${w}" height="${horizon}" fill="url(#wall)"/><rect y="${horizon}" width="${w}" height="${r1(h - horizon)}" fill="url(#floor)"/>` +
    `<defs>${linear('wall', stop(0, mix(wall, WHITE, 0.35)) + stop(1, wall))}${linear('floor', stop(0, floor) + stop(1, mix(floor, NAVY, 0.25)))}</defs>` +
    `<rect y="${horizon}" width="${w}" height="${r1(8 * s)}" fill="${NAVY}" fill-opacity=".12"/>` +
    `<g transform="translate(${r1(ox)} ${r1(oy)}) scale(${r1(s * 1000) / 1000})">${content}</g>`
  )
}

function windowView(x: number, y: number, w: number, h: number, arch = false): string {
  const top = arch
    ? `M${x} ${y + w / 2}A${w / 2} ${w / 2} 0 0 1 ${x + w} ${y + w / 2}`
    : `M${x} ${y}H${x + w}`
  const shape = `${top}V${y + h}H${x}Z`
  return (
    `<path d="${shape}" fill="url(#sky)"/><rect x="${x}" y="${y + h * 0.72}" width="${w}" height="${h * 0.28}" fill="#38bdf8" fill-opacity=".55"/>` +
    `<circle cx="${x + w * 0.7}" cy="${y + h * 0.4}" r="${w * 0.1}" fill="#fde68a"/>` +
    `<path d="${shape}" fill="none" stroke="#fff" stroke-width="10"/><path d="M${x + w / 2} ${y}V${y + h}" stroke="#fff" stroke-width="6"/>`
  )
}

const SKY = linear('sky', stop(0, '#7dd3fc') + stop(1, '#e0f2fe'))

function plant(x: number, y: number, k = 1): string {
  return (
    `<g transform="translate(${x} ${y}) scale(${k})"><path d="M-24 -46H24L18 0H-18Z" fill="${NAVY}"/>` +
    `<ellipse cx="-18" cy="-70" rx="12" ry="34" fill="#15803d" transform="rotate(-25 -18 -70)"/><ellipse cx="18" cy="-74" rx="12" ry="36" fill="#22c55e" transform="rotate(22 18 -74)"/>` +
    `<ellipse cx="0" cy="-86" rx="12" ry="40" fill="#16a34a"/></g>`
  )
}

function lamp(x: number, fill: string): string {
  return `<path d="M${x} 0V70" stroke="${NAVY}" stroke-width="3"/><path d="M${x - 26} 96A26 26 0 0 1 ${x + 26} 96Z" fill="${fill}"/><circle cx="${x}" cy="98" r="7" fill="#fef9c3"/>`
}

const SCENES: Record<SceneArt, SceneFn> = {
  'scene-courts': (p, w, h) => courts(p, w, h, false),
  'scene-night': (p, w, h) => courts(p, w, h, true),

  'scene-gym': (p, w, h) => {
    const db = (x: number, y: number, k: number, c: string) =>
      `<rect x="${x}" y="${y - 3}" width="${r1(46 * k)}" height="6" rx="3" fill="#94a3b8"/><rect x="${x - 6}" y="${r1(y - 17 * k)}" width="${r1(16 * k)}" height="${r1(34 * k)}" rx="6" fill="${c}"/><rect x="${r1(x + 36 * k)}" y="${r1(y - 17 * k)}" width="${r1(16 * k)}" height="${r1(34 * k)}" rx="6" fill="${c}"/>`
    const kb = (x: number, k: number, c: string) =>
      `<path d="M${x - 14 * k} ${430 - 44 * k}Q${x - 14 * k} ${430 - 68 * k} ${x} ${430 - 68 * k}Q${x + 14 * k} ${430 - 68 * k} ${x + 14 * k} ${430 - 44 * k}" stroke="${c}" stroke-width="${7 * k}" fill="none"/><circle cx="${x}" cy="${430 - 22 * k}" r="${24 * k}" fill="${c}"/>`
    return room(
      w,
      h,
      p.pale,
      mix('#475569', p.base, 0.12),
      `<defs>${SKY}</defs>${windowView(60, 60, 190, 220)}${windowView(290, 60, 190, 220)}` +
        lamp(640, p.base) +
        `<rect x="0" y="300" width="800" height="12" fill="${LIME}"/>` +
        `<path d="M520 430V250M760 430V250M520 330H760M520 390H760" stroke="${NAVY}" stroke-width="10" stroke-linecap="round"/>` +
        [0, 1, 2].map((i) => db(548 + i * 74, 312, 0.8 + i * 0.08, i % 2 ? p.base : NAVY)).join('') +
        [0, 1, 2].map((i) => db(546 + i * 74, 372, 0.95 + i * 0.08, i === 1 ? CORAL : p.shade)).join('') +
        `<rect x="110" y="356" width="230" height="22" rx="10" fill="${p.deep}"/><path d="M140 378V430M310 378V430M120 430H160M290 430H330" stroke="${NAVY}" stroke-width="8" stroke-linecap="round"/>` +
        `<rect x="110" y="350" width="60" height="18" rx="8" fill="${p.base}"/>` +
        kb(390, 1, CORAL) +
        kb(450, 0.8, p.base) +
        plant(30, 430, 1.1),
    )
  },

  'scene-studio': (p, w, h) =>
    room(
      w,
      h,
      mix(p.base, '#fff7ed', 0.85),
      '#d2a574',
      `<defs>${SKY}</defs>${windowView(290, 40, 220, 300, true)}` +
        lamp(150, p.base) +
        lamp(650, CORAL) +
        `<path d="M0 470H800M0 520H800M0 575H800" stroke="#b5834f" stroke-opacity=".4" stroke-width="3"/>` +
        `<path d="M120 450H290L260 590H40Z" fill="${p.base}"/><path d="M330 450H480L490 590H310Z" fill="${CORAL}"/><path d="M520 450H680L770 590H540Z" fill="${LIME}"/>` +
        `<rect x="600" y="380" width="130" height="40" rx="20" fill="${p.deep}"/><ellipse cx="730" cy="400" rx="12" ry="20" fill="${p.shade}"/>` +
        ball(90, 410, 18) +
        plant(40, 430, 1.3) +
        plant(770, 430, 1),
    ),

  'scene-lounge': (p, w, h) =>
    room(
      w,
      h,
      mix(p.base, WHITE, 0.86),
      '#cbd5e1',
      `<rect x="40" y="60" width="330" height="240" rx="6" fill="#bae6fd"/><rect x="40" y="190" width="330" height="110" fill="${p.base}"/>` +
        `<path d="M40 245H370M205 190V300" stroke="#fff" stroke-width="3"/><path d="M40 190H370" stroke="#e0f2fe" stroke-width="6"/>` +
        `<path d="M40 60V300M150 60V300M260 60V300M370 60V300" stroke="#fff" stroke-width="8"/><rect x="40" y="60" width="330" height="240" fill="none" stroke="#fff" stroke-width="10"/>` +
        lamp(500, LIME) +
        lamp(600, CORAL) +
        lamp(700, p.base) +
        `<rect x="440" y="190" width="320" height="10" rx="4" fill="${NAVY}" fill-opacity=".7"/>` +
        [0, 1, 2, 3, 4]
          .map(
            (i) =>
              `<rect x="${460 + i * 58}" y="${164 - (i % 2) * 8}" width="26" height="${26 + (i % 2) * 8}" rx="5" fill="${i % 2 ? p.soft : '#fff'}"/>`,
          )
          .join('') +
        `<rect x="440" y="300" width="320" height="130" rx="10" fill="${NAVY}"/><rect x="430" y="290" width="340" height="18" rx="6" fill="${p.base}"/><path d="M440 360H760" stroke="${LIME}" stroke-width="6"/>` +
        [490, 600, 710]
          .map(
            (x) =>
              `<path d="M${x} 420V470M${x - 16} 470H${x + 16}" stroke="#64748b" stroke-width="6"/><ellipse cx="${x}" cy="416" rx="30" ry="9" fill="${CORAL}"/>`,
          )
          .join('') +
        `<rect x="70" y="330" width="270" height="90" rx="22" fill="${p.shade}"/><rect x="90" y="368" width="230" height="44" rx="14" fill="${p.base}"/>` +
        `<rect x="56" y="350" width="34" height="70" rx="14" fill="${p.deep}"/><rect x="320" y="350" width="34" height="70" rx="14" fill="${p.deep}"/>` +
        `<rect x="112" y="336" width="60" height="40" rx="12" fill="${LIME}"/><path d="M80 420V432M330 420V432" stroke="${NAVY}" stroke-width="8"/>` +
        plant(30, 430, 0.9),
    ),

  'scene-podium': (p, w, h) => {
    const confetti = Array.from({ length: 26 }, (_, i) => {
      const x = r1((((i * 137) % 100) / 100) * w)
      const y = r1((((i * 71) % 60) / 100) * h + h * 0.05)
      const c = [LIME, CORAL, '#fff', GOLD][i % 4]
      return `<rect x="${x}" y="${y}" width="${r1(h * 0.016)}" height="${r1(h * 0.03)}" rx="2" fill="${c}" transform="rotate(${(i * 47) % 180} ${x} ${y})"/>`
    }).join('')
    const flags = Array.from({ length: 11 }, (_, i) => {
      const x = 40 + i * 72
      const y = 48 + Math.sin((i / 10) * Math.PI) * 40
      return `<path d="M${x - 22} ${r1(y)}H${x + 22}L${x} ${r1(y + 44)}Z" fill="${[LIME, CORAL, '#fff', p.soft][i % 4]}"/>`
    }).join('')
    return (
      room(
        w,
        h,
        p.shade,
        p.deep,
        `<path d="M200 0L120 430H280ZM600 0L520 430H680Z" fill="#fff" fill-opacity=".07"/>` +
          `<path d="M0 50Q400 140 800 50" stroke="#fff" stroke-opacity=".6" stroke-width="3" fill="none"/>${flags}` +
          `<rect x="320" y="290" width="160" height="180" rx="6" fill="#f8fafc"/><rect x="320" y="290" width="160" height="18" rx="6" fill="${LIME}"/>` +
          `<rect x="170" y="350" width="150" height="120" rx="6" fill="#e2e8f0"/><rect x="170" y="350" width="150" height="14" rx="6" fill="#cbd5e1"/>` +
          `<rect x="480" y="380" width="150" height="90" rx="6" fill="#e2e8f0"/><rect x="480" y="380" width="150" height="14" rx="6" fill="${CORAL}"/>` +
          `<circle cx="400" cy="360" r="22" fill="url(#gold)"/><circle cx="245" cy="400" r="18" fill="#cbd5e1" stroke="#94a3b8" stroke-width="4"/><circle cx="555" cy="420" r="16" fill="#f0a868"/>` +
          `<g transform="translate(340 150) scale(.6)">${POST_ARTS.trophy(p, 0)}</g>` +
          ball(230, 330, 14) +
          ball(570, 360, 12),
      ) + confetti
    )
  },

  'scene-kids': (p, w, h) => {
    const cone = (x: number, y: number) =>
      `<circle cx="${r1(x)}" cy="${r1(y)}" r="${r1(h * 0.035)}" fill="${CORAL}"/><circle cx="${r1(x)}" cy="${r1(y)}" r="${r1(h * 0.022)}" fill="#fff"/><circle cx="${r1(x)}" cy="${r1(y)}" r="${r1(h * 0.012)}" fill="${CORAL}"/>`
    const hoop = (x: number, y: number, c: string) =>
      `<circle cx="${r1(x)}" cy="${r1(y)}" r="${r1(h * 0.07)}" fill="none" stroke="${c}" stroke-width="${r1(h * 0.014)}"/>`
    const mini = (x: number, y: number, rot: number, c: string) =>
      `<g transform="translate(${r1(x)} ${r1(y)}) rotate(${rot}) scale(${r1(h / 600)})"><ellipse rx="34" ry="40" fill="${c}" stroke="${NAVY}" stroke-width="5"/><path d="M-34 4H34" stroke="${LIME}" stroke-width="8"/><rect x="-7" y="38" width="14" height="44" rx="5" fill="${NAVY}"/></g>`
    return (
      `<rect width="${w}" height="${h}" fill="${p.base}"/>` +
      `<path d="M0 ${r1(h * 0.2)}H${w}M0 ${r1(h * 0.8)}H${w}M${r1(w * 0.5)} ${r1(h * 0.2)}V${r1(h * 0.8)}" stroke="#fff" stroke-opacity=".8" stroke-width="${r1(h * 0.008)}"/>` +
      `<rect width="${w}" height="${h}" fill="url(#shadow)" opacity=".25"/>` +
      [0.15, 0.3, 0.45, 0.6, 0.75, 0.9].map((k, i) => cone(w * k, h * (i % 2 ? 0.34 : 0.42))).join('') +
      hoop(w * 0.22, h * 0.66, LIME) +
      hoop(w * 0.36, h * 0.72, '#fff') +
      hoop(w * 0.5, h * 0.64, CORAL) +
      mini(w * 0.72, h * 0.66, 35, p.soft) +
      mini(w * 0.86, h * 0.7, -20, CORAL) +
      [
        [0.1, 0.12],
        [0.28, 0.52],
        [0.62, 0.16],
        [0.58, 0.86],
        [0.9, 0.5],
        [0.42, 0.9],
        [0.08, 0.88],
      ]
        .map(([x = 0, y = 0], i) => ball(w * x, h * y, r1(h * 0.022), i * 40))
        .join('')
    )
  },

  'scene-shop': (p, w, h) => {
    const racket = (x: number, c: string, rot: number) =>
      `<g transform="translate(${x} 190) rotate(${rot})"><circle r="5" cy="-70" fill="#94a3b8"/><path d="M0 -64C30 -64 38 -44 38 -22C38 2 22 16 8 22L5 34H-5L-8 22C-22 16 -38 2 -38 -22C-38 -44 -30 -64 0 -64Z" fill="${c}" stroke="${NAVY}" stroke-width="4"/>` +
      `<path d="M-38 -8L38 -30V-22L-38 0Z" fill="${LIME}"/><rect x="-6" y="32" width="12" height="40" rx="4" fill="${NAVY}"/></g>`
    const tube = (x: number, c: string) =>
      `<rect x="${x}" y="246" width="30" height="64" rx="6" fill="#fff" fill-opacity=".8"/><rect x="${x}" y="266" width="30" height="22" fill="${c}"/><rect x="${x - 2}" y="240" width="34" height="10" rx="4" fill="${NAVY}"/>`
    return room(
      w,
      h,
      mix(p.base, WHITE, 0.8),
      '#d6b48a',
      `<defs><pattern id="peg" width="24" height="24" patternUnits="userSpaceOnUse"><circle cx="12" cy="12" r="2.5" fill="#fff" fill-opacity=".25"/></pattern></defs>` +
        `<rect x="60" y="60" width="420" height="280" rx="8" fill="${p.deep}"/><rect x="60" y="60" width="420" height="280" rx="8" fill="url(#peg)"/>` +
        racket(130, p.base, -6) +
        racket(230, CORAL, 4) +
        racket(330, '#fff', -3) +
        racket(420, p.soft, 6) +
        `<rect x="520" y="60" width="240" height="8" fill="${NAVY}"/><rect x="520" y="230" width="240" height="8" rx="3" fill="${NAVY}"/><rect x="520" y="310" width="240" height="8" rx="3" fill="${NAVY}"/>` +
        [0, 1, 2, 3, 4, 5].map((i) => tube(532 + i * 38, [p.base, CORAL, p.shade][i % 3] ?? CORAL)).join('') +
        [0, 1, 2]
          .map(
            (i) =>
              `<rect x="${536 + i * 76}" y="${170 - i * 10}" width="64" height="${60 + i * 10}" rx="5" fill="${[CORAL, p.base, LIME][i]}"/><rect x="${536 + i * 76}" y="${170 - i * 10}" width="64" height="12" rx="4" fill="#fff" fill-opacity=".35"/>`,
          )
          .join('') +
        `<rect x="100" y="370" width="300" height="60" rx="8" fill="${NAVY}"/><rect x="90" y="360" width="320" height="14" rx="5" fill="${p.base}"/>` +
        `<rect x="250" y="330" width="56" height="30" rx="6" fill="#e2e8f0"/>` +
        plant(700, 590, 1.2),
    )
  },
}

function sceneImage(kind: SceneArt, p: Palette, size: ImageSize): string {
  const { width: w, height: h } = size
  const wide = w / h > 2
  const shade = wide ? `<rect width="${w}" height="${h}" fill="url(#read)"/>` : ''
  const defs = wide
    ? linear('read', stop(0, NAVY, 0.9) + stop(0.35, NAVY, 0.78) + stop(0.62, NAVY, 0), 1, 0)
    : ''
  return svg(size, defs, SCENES[kind](p, w, h) + shade)
}

// ---------------------------------------------------------------------------------------------
// Sponsor logos: an abstract mark in a 100x100 box and a suggestion of a word mark, on white.

const SPONSOR_MARKS: Record<SponsorArt, ArtFn> = {
  'mark-wave': (p) =>
    `<circle cx="50" cy="50" r="46" fill="${p.base}"/><path d="M12 52Q30 36 50 52T88 52M16 70Q32 56 50 70T84 70" stroke="#fff" stroke-width="8" fill="none" stroke-linecap="round"/><circle cx="64" cy="28" r="8" fill="${LIME}"/>`,
  'mark-peak': (p) =>
    `<path d="M4 88L40 22L62 58L74 40L96 88Z" fill="${p.base}"/><path d="M40 22L52 44L44 40L36 48L30 40Z" fill="#fff"/><circle cx="80" cy="18" r="10" fill="${CORAL}"/>`,
  'mark-leaf': (p) =>
    `<path d="M14 86Q10 18 86 14Q90 82 14 86Z" fill="${p.base}"/><path d="M18 82Q44 52 74 26" stroke="#fff" stroke-width="6" fill="none" stroke-linecap="round"/><path d="M40 60L36 40M54 46L52 30M40 60L60 62" stroke="#fff" stroke-width="4" stroke-linecap="round"/>`,
  'mark-bolt': (p) =>
    `<rect x="4" y="4" width="92" height="92" rx="24" fill="${p.base}"/><path d="M56 14L24 58H48L40 88L76 40H52Z" fill="${LIME}"/>`,
  'mark-orbit': (p) =>
    `<circle cx="50" cy="50" r="28" fill="${p.base}"/><ellipse cx="50" cy="50" rx="46" ry="16" fill="none" stroke="${p.deep}" stroke-width="6" transform="rotate(-25 50 50)"/><circle cx="88" cy="32" r="8" fill="${CORAL}"/>`,
  'mark-wing': (p) =>
    `<path d="M6 30H74L94 14V30L74 46H6Z" fill="${p.base}"/><path d="M16 52H70L86 40V54L70 66H16Z" fill="${p.soft}"/><path d="M28 72H64L76 64V74L64 84H28Z" fill="${p.deep}"/>`,
}

const escapeXml = (text: string) =>
  text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!)

/**
 * A sponsor's logo: its mark beside its name set as a word mark, the first word bold in navy and
 * the rest lighter in the sponsor's colour (or a bar when no name is given).
 */
function sponsorImage(kind: SponsorArt, p: Palette, size: ImageSize, seed: number, name = ''): string {
  const { width: w, height: h } = size
  const m = Math.min(w * 0.26, h * 0.4)
  const [first = '', ...rest] = name.trim().split(/\s+/)
  const second = rest.join(' ')
  // Room for the longer line at about 0.6 em a letter.
  const room = w - m - w * 0.16
  const longest = Math.max(first.length, second.length, 6)
  const em = r1(Math.min(h * 0.2, room / (longest * 0.6)))
  const word = Math.min(room, longest * em * 0.6)
  const total = m + w * 0.05 + word
  const x = r1((w - total) / 2)
  const y = r1((h - m) / 2)
  const tx = r1(x + m + w * 0.05)
  const font = `font-family="Inter, 'Helvetica Neue', Arial, sans-serif"`
  const words = name
    ? `<text x="${tx}" y="${r1(h / 2 - (second ? em * 0.1 : -em * 0.35))}" ${font} font-size="${em}" font-weight="800" fill="${NAVY}" letter-spacing="-0.02em">${escapeXml(first)}</text>` +
      (second
        ? `<text x="${tx}" y="${r1(h / 2 + em * 0.95)}" ${font} font-size="${r1(em * 0.78)}" font-weight="600" fill="${p.deep}">${escapeXml(second)}</text>`
        : '')
    : `<rect x="${tx}" y="${r1(h / 2 - m * 0.3)}" width="${r1(word)}" height="${r1(m * 0.26)}" rx="${r1(m * 0.08)}" fill="${NAVY}"/>`
  const body =
    `<rect width="${w}" height="${h}" fill="#fff"/>` +
    `<g transform="translate(${x} ${y}) scale(${r1(m) / 100})">${SPONSOR_MARKS[kind](p, seed)}</g>` +
    words
  return svg(size, '', body)
}

// ---------------------------------------------------------------------------------------------

const PRODUCT_KINDS = new Set<DemoArt>(Object.keys(PRODUCT_ARTS) as ProductArt[])
const POST_KINDS = new Set<DemoArt>(Object.keys(POST_ARTS) as PostArt[])
const SCENE_KINDS = new Set<DemoArt>(Object.keys(SCENES) as SceneArt[])
const SPONSOR_KINDS = new Set<DemoArt>(Object.keys(SPONSOR_MARKS) as SponsorArt[])

/** Draws one demo image at the given size. */
export function renderDemoImage(ref: DemoImageRef, size: ImageSize): string {
  const p = palette(ref.hue)
  // A product's list and detail images share a seed, so they show the same design.
  const seed = seedOf(ref.file.replace(/-detail\.svg$/, '.svg'))
  const { kind } = ref
  if (PRODUCT_KINDS.has(kind)) {
    const detail = size.width >= IMAGE_SIZES.productDetail.width
    return productImage(kind as ProductArt, p, size, detail, seed)
  }
  if (POST_KINDS.has(kind)) return postImage(kind as PostArt, p, size, seed)
  if (SCENE_KINDS.has(kind)) return sceneImage(kind as SceneArt, p, size)
  if (SPONSOR_KINDS.has(kind)) return sponsorImage(kind as SponsorArt, p, size, seed, ref.text)
  return personImage(kind as PersonArt, p, size, seed)
}

/** Every image the demo content refers to, drawn at the size the site shows it. */
export function demoImageFiles(data: DemoData = loadDemoData()): Array<{ file: string; svg: string }> {
  const wanted: Array<[DemoImageRef, ImageSize]> = [
    ...data.products.flatMap((product): Array<[DemoImageRef, ImageSize]> => [
      [product.image, IMAGE_SIZES.product],
      [product.detailImage, IMAGE_SIZES.productDetail],
    ]),
    ...data.posts.map((post): [DemoImageRef, ImageSize] => [post.image, IMAGE_SIZES.post]),
    ...data.testimonials.map((t): [DemoImageRef, ImageSize] => [t.image, IMAGE_SIZES.avatar]),
    ...data.team.map((member): [DemoImageRef, ImageSize] => [member.image, IMAGE_SIZES.team]),
    ...data.banners.flatMap((banner): Array<[DemoImageRef, ImageSize]> =>
      banner.image ? [[banner.image, IMAGE_SIZES.banner]] : [],
    ),
    ...data.gallery.map((item): [DemoImageRef, ImageSize] => [item.image, IMAGE_SIZES.gallery]),
    ...data.sponsors.map((sponsor): [DemoImageRef, ImageSize] => [
      // The logo carries the brand as the sponsor writes it in Spanish, the demo centre's language.
      { ...sponsor.image, text: sponsor.name['es-ES'] },
      IMAGE_SIZES.sponsor,
    ]),
    ...data.bookings.bookingTypes.map((type): [DemoImageRef, ImageSize] => [
      type.image,
      IMAGE_SIZES.bookingType,
    ]),
    ...data.bookings.resources.flatMap((resource): Array<[DemoImageRef, ImageSize]> =>
      resource.image ? [[resource.image, IMAGE_SIZES.resource]] : [],
    ),
    ...data.activities.map((a): [DemoImageRef, ImageSize] => [a.poster, IMAGE_SIZES.activity]),
    ...data.sessions.templates.map((t): [DemoImageRef, ImageSize] => [t.image, IMAGE_SIZES.bookingType]),
  ]
  return wanted.map(([ref, size]) => ({ file: ref.file, svg: renderDemoImage(ref, size) }))
}
