import type { Localised } from '../../lib/localised.ts'

/**
 * Demo shop, blog and home-page content for Club Mistral Pádel & Fitness: product types and
 * products, posts, testimonials, team, banners, gallery and sponsors, in Spanish and English.
 * Deterministic: fixed keys, prices and dates. Images are described by a DemoImageRef and drawn by
 * ./demo-images.ts; each `file` is relative to the uploads folder (served under /uploads/).
 */

export type ProductArt =
  | 'racket'
  | 'ball-tube'
  | 'balls'
  | 'shirt'
  | 'tank'
  | 'jacket'
  | 'shorts'
  | 'skirt'
  | 'shoes'
  | 'socks'
  | 'cap'
  | 'bag'
  | 'backpack'
  | 'grip'
  | 'bottle'
  | 'towel'
  | 'wristband'
  | 'energy-bar'
  | 'drink-can'
  | 'pass'
  | 'voucher'
export type PostArt =
  'court' | 'trophy' | 'dumbbell' | 'nutrition' | 'academy' | 'calendar' | 'stretching' | 'technique'
/** Head-and-shoulders portraits; the kind sets the hair style, the file name the skin and hair colours. */
export type PersonArt =
  'person-short' | 'person-long' | 'person-curly' | 'person-bun' | 'person-beard' | 'person-ponytail'
export type SceneArt =
  | 'scene-courts'
  | 'scene-night'
  | 'scene-gym'
  | 'scene-studio'
  | 'scene-lounge'
  | 'scene-podium'
  | 'scene-kids'
  | 'scene-shop'
export type SponsorArt = 'mark-wave' | 'mark-peak' | 'mark-leaf' | 'mark-bolt' | 'mark-orbit' | 'mark-wing'
export type DemoArt = ProductArt | PostArt | PersonArt | SceneArt | SponsorArt

export interface DemoImageRef {
  kind: DemoArt
  /** Main colour of the illustration, #rrggbb. */
  hue: string
  /** Path under the uploads folder, e.g. 'demo/products/racket-carbon-pro.svg'. */
  file: string
}

export interface DemoProductType {
  key: string
  name: Localised
}

export interface DemoProduct {
  /** Unique slug, e.g. 'racket-carbon-pro'. */
  key: string
  /** One of the product type keys. */
  typeKey: string
  name: Localised
  /** One plain sentence, at most 160 characters. */
  description: Localised
  /** HTML (p, ul/li, strong), 60–150 words. */
  detail: Localised
  /** Price with tax, integer cents. */
  grossPriceCents: number
  taxPercent: number
  /** Product image, 270x280. */
  image: DemoImageRef
  /** Detail image, 530x480. */
  detailImage: DemoImageRef
  /** null when the centre does not track stock. */
  stock: number | null
  /** ISO instant. */
  created: string
  /** The centre's own "popular" pick, the fallback when there are few sales. */
  isPopularFlag: boolean
  isTrendingFlag: boolean
}

export interface DemoPost {
  key: string
  title: Localised
  /** Short HTML badge, e.g. '<strong>Torneos</strong>'. */
  smalText: Localised
  /** HTML body (h3, p, ul), 150–400 words. */
  text: Localised
  /** 770x430. */
  image: DemoImageRef
  author: string
  created: string
}

export interface DemoTestimonial {
  key: string
  name: string
  title: Localised
  text: Localised
  /** Avatar, 160x160. */
  image: DemoImageRef
  created: string
}

export interface DemoTeamMember {
  key: string
  name: string
  /** Role. */
  title: Localised
  /** Short bio. */
  text: Localised
  /** Portrait, 400x400. */
  image: DemoImageRef
  created: string
}

export interface DemoBanner {
  key: string
  title: Localised
  /** Plain text. */
  text: Localised
  /** 1200x500, or null for a text-only banner. */
  image: DemoImageRef | null
  url: string
}

export interface DemoGalleryItem {
  key: string
  title: Localised
  /** 800x600. */
  image: DemoImageRef
}

export interface DemoSponsor {
  key: string
  /** The sponsor's https address, used as the link target. */
  description: string
  /** Logo, 270x145. */
  image: DemoImageRef
}

/** Trims the indentation of a multi-line HTML literal, one block element per line. */
function html(text: string): string {
  return text
    .trim()
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .join('\n')
}

const TEAL = '#0f766e'
const CORAL = '#ff7a59'

// ---------------------------------------------------------------------------------------------
// Shop

export const demoProductTypes: DemoProductType[] = [
  { key: 'rackets', name: { 'es-ES': 'Palas', 'en-US': 'Rackets' } },
  { key: 'balls', name: { 'es-ES': 'Pelotas', 'en-US': 'Balls' } },
  { key: 'clothing', name: { 'es-ES': 'Ropa y calzado', 'en-US': 'Clothing and footwear' } },
  { key: 'accessories', name: { 'es-ES': 'Accesorios y nutrición', 'en-US': 'Accessories and nutrition' } },
  { key: 'passes', name: { 'es-ES': 'Bonos y tarjetas regalo', 'en-US': 'Passes and gift cards' } },
]

interface ProductCopy {
  name: string
  description: string
  /** First paragraph of the detail text. */
  intro: string
  /** Label and value pairs, shown as a list. */
  specs: Array<[string, string]>
  /** Closing paragraph. */
  outro: string
}

interface ProductSpec {
  key: string
  type: 'rackets' | 'balls' | 'clothing' | 'accessories' | 'passes'
  art: ProductArt
  hue: string
  /** Gross price in euros. */
  price: number
  tax?: number
  stock: number | null
  /** 'YYYY-MM-DD HH:MM', UTC. */
  created: string
  popular?: boolean
  trending?: boolean
  es: ProductCopy
  en: ProductCopy
}

function detailHtml(copy: ProductCopy): string {
  const items = copy.specs.map(([label, value]) => `<li><strong>${label}:</strong> ${value}</li>`)
  return [`<p>${copy.intro}</p>`, '<ul>', ...items, '</ul>', `<p>${copy.outro}</p>`].join('\n')
}

/** 'YYYY-MM-DD HH:MM' (UTC) as an ISO instant. */
function at(when: string): string {
  return `${when.replace(' ', 'T')}:00.000Z`
}

function product(spec: ProductSpec): DemoProduct {
  return {
    key: spec.key,
    typeKey: spec.type,
    name: { 'es-ES': spec.es.name, 'en-US': spec.en.name },
    description: { 'es-ES': spec.es.description, 'en-US': spec.en.description },
    detail: { 'es-ES': detailHtml(spec.es), 'en-US': detailHtml(spec.en) },
    grossPriceCents: Math.round(spec.price * 100),
    taxPercent: spec.tax ?? 21,
    image: { kind: spec.art, hue: spec.hue, file: `demo/products/${spec.key}.svg` },
    detailImage: { kind: spec.art, hue: spec.hue, file: `demo/products/${spec.key}-detail.svg` },
    stock: spec.stock,
    created: at(spec.created),
    isPopularFlag: spec.popular ?? false,
    isTrendingFlag: spec.trending ?? false,
  }
}

export const demoProducts: DemoProduct[] = [
  // Rackets ------------------------------------------------------------------------------------
  product({
    key: 'racket-tramontana-carbon-pro',
    type: 'rackets',
    art: 'racket',
    hue: TEAL,
    price: 229.95,
    stock: 6,
    created: '2025-09-15 09:10',
    trending: true,
    es: {
      name: 'Pala Tramontana Carbon Pro',
      description:
        'Pala de diamante con caras de carbono 18K para jugadores ofensivos que buscan potencia en el remate.',
      intro:
        'La Carbon Pro es la pala más ofensiva de nuestra tienda. Su forma de diamante y el balance alto concentran la masa arriba, justo donde la necesitas para cerrar el punto por tres o por cuatro. El núcleo de EVA High Memory devuelve la bola con fuerza sin volverse rígido cuando toca defender.',
      specs: [
        ['Forma', 'diamante'],
        ['Peso', '360–375 g'],
        ['Caras', 'carbono 18K con acabado rugoso'],
        ['Núcleo', 'EVA High Memory'],
        ['Nivel', 'avanzado'],
      ],
      outro: 'Pruébala antes en una de nuestras clínicas de los jueves: pide en recepción la pala de prueba.',
    },
    en: {
      name: 'Tramontana Carbon Pro Racket',
      description:
        'Diamond-shaped racket with 18K carbon faces for attacking players who want real power overhead.',
      intro:
        'The Carbon Pro is the most aggressive racket in our shop. Its diamond shape and head-heavy balance put the weight at the top, exactly where you need it to finish the point with a smash. The high-memory EVA core sends the ball back hard without feeling stiff when you are defending.',
      specs: [
        ['Shape', 'diamond'],
        ['Weight', '360–375 g'],
        ['Faces', '18K carbon with a rough finish'],
        ['Core', 'high-memory EVA'],
        ['Level', 'advanced'],
      ],
      outro: 'Try it first at one of our Thursday clinics — ask at reception for the demo racket.',
    },
  }),
  product({
    key: 'racket-tramontana-control-soft',
    type: 'rackets',
    art: 'racket',
    hue: '#1d4ed8',
    price: 149.95,
    stock: 12,
    created: '2025-02-03 10:00',
    popular: true,
    es: {
      name: 'Pala Tramontana Control Soft',
      description:
        'Pala redonda, cómoda y muy tolerante, con un punto dulce amplio para jugar con precisión.',
      intro:
        'Si tu juego se basa en colocar la bola y esperar el error del rival, la Control Soft es tu pala. La forma redonda y el balance bajo la hacen muy manejable en la red, y la goma blanda amortigua las vibraciones en cada golpe.',
      specs: [
        ['Forma', 'redonda'],
        ['Peso', '355–365 g'],
        ['Caras', 'fibra de vidrio y carbono 3K'],
        ['Núcleo', 'EVA Soft'],
        ['Nivel', 'intermedio'],
      ],
      outro:
        'Es la pala que más recomiendan nuestros entrenadores a quien juega dos o tres veces por semana.',
    },
    en: {
      name: 'Tramontana Control Soft Racket',
      description:
        'Round, comfortable and forgiving racket with a large sweet spot for players who value accuracy.',
      intro:
        'If your game is about placing the ball and waiting for your opponents to make the mistake, the Control Soft is for you. The round head and low balance make it easy to handle at the net, and the soft foam absorbs vibration on every shot.',
      specs: [
        ['Shape', 'round'],
        ['Weight', '355–365 g'],
        ['Faces', 'fibreglass and 3K carbon'],
        ['Core', 'soft EVA'],
        ['Level', 'intermediate'],
      ],
      outro: 'It is the racket our coaches recommend most to people who play two or three times a week.',
    },
  }),
  product({
    key: 'racket-tramontana-hybrid-12k',
    type: 'rackets',
    art: 'racket',
    hue: '#7c3aed',
    price: 179,
    stock: 3,
    created: '2025-10-06 08:45',
    trending: true,
    es: {
      name: 'Pala Tramontana Hybrid 12K',
      description: 'Forma de lágrima y carbono 12K: el equilibrio justo entre salida de bola y control.',
      intro:
        'La Hybrid 12K es para quien no quiere elegir. Su forma de lágrima y el balance medio permiten atacar con decisión sin perder manejabilidad en los intercambios rápidos. El marco tubular de carbono aporta estabilidad cuando la bola no entra en el centro.',
      specs: [
        ['Forma', 'lágrima'],
        ['Peso', '360–370 g'],
        ['Caras', 'carbono 12K'],
        ['Núcleo', 'EVA de densidad media'],
        ['Nivel', 'intermedio y avanzado'],
      ],
      outro: 'Incluye funda térmica y un overgrip de regalo. Quedan pocas unidades de esta serie.',
    },
    en: {
      name: 'Tramontana Hybrid 12K Racket',
      description: 'Teardrop shape and 12K carbon faces: the right balance between power and control.',
      intro:
        'The Hybrid 12K is for players who would rather not choose. The teardrop shape and medium balance let you attack with intent without losing handling in fast exchanges at the net. A tubular carbon frame keeps it stable when you miss the centre of the face.',
      specs: [
        ['Shape', 'teardrop'],
        ['Weight', '360–370 g'],
        ['Faces', '12K carbon'],
        ['Core', 'medium-density EVA'],
        ['Level', 'intermediate to advanced'],
      ],
      outro: 'Comes with a thermal cover and a free overgrip. Only a few left from this run.',
    },
  }),
  product({
    key: 'racket-levante-lite',
    type: 'rackets',
    art: 'racket',
    hue: '#db2777',
    price: 119.9,
    stock: 9,
    created: '2025-03-18 11:30',
    es: {
      name: 'Pala Levante Lite 340',
      description: 'Pala ligera de 340 gramos que cuida el brazo y acelera la mano en la red.',
      intro:
        'Con solo 340 gramos, la Lite es perfecta si buscas una pala rápida que no canse el hombro al final del partido. Funciona muy bien en jugadoras y jugadores de juego técnico, y también para quien vuelve a la pista después de una lesión.',
      specs: [
        ['Forma', 'redonda'],
        ['Peso', '335–345 g'],
        ['Caras', 'fibra de vidrio'],
        ['Núcleo', 'EVA Soft'],
        ['Nivel', 'iniciación e intermedio'],
      ],
      outro: 'Si dudas entre dos pesos, pasa por la tienda: tenemos palas de prueba de ambas versiones.',
    },
    en: {
      name: 'Levante Lite 340 Racket',
      description: 'A light 340-gram racket that is kind to your arm and quick at the net.',
      intro:
        'At just 340 grams, the Lite is ideal if you want a fast racket that will not tire your shoulder by the end of a match. It suits technical players very well, and anyone getting back on court after an injury.',
      specs: [
        ['Shape', 'round'],
        ['Weight', '335–345 g'],
        ['Faces', 'fibreglass'],
        ['Core', 'soft EVA'],
        ['Level', 'beginner to intermediate'],
      ],
      outro: 'Torn between two weights? Drop by the shop: we have demo rackets of both versions.',
    },
  }),
  product({
    key: 'racket-levante-start',
    type: 'rackets',
    art: 'racket',
    hue: '#ea580c',
    price: 59.9,
    stock: 25,
    created: '2025-01-14 09:00',
    popular: true,
    es: {
      name: 'Pala Levante Start',
      description: 'La pala para tus primeros meses de pádel: ligera, cómoda y a un precio razonable.',
      intro:
        'La Start es la pala con la que empiezan la mayoría de alumnos de nuestros cursos de iniciación. Tiene un punto dulce grande que perdona los golpes descentrados y una goma blanda que no castiga el codo mientras aprendes la técnica.',
      specs: [
        ['Forma', 'redonda'],
        ['Peso', '350–360 g'],
        ['Caras', 'fibra de vidrio'],
        ['Núcleo', 'foam'],
        ['Nivel', 'iniciación'],
      ],
      outro:
        'Si te apuntas a un curso de iniciación del club, te descontamos 10 € al comprarla en recepción.',
    },
    en: {
      name: 'Levante Start Racket',
      description: 'The racket for your first months of padel: light, comfortable and sensibly priced.',
      intro:
        'The Start is the racket most students on our beginner courses learn with. Its large sweet spot forgives off-centre hits, and the soft foam is easy on your elbow while you are still working on technique.',
      specs: [
        ['Shape', 'round'],
        ['Weight', '350–360 g'],
        ['Faces', 'fibreglass'],
        ['Core', 'foam'],
        ['Level', 'beginner'],
      ],
      outro: 'Sign up for one of our beginner courses and get €10 off when you buy it at reception.',
    },
  }),
  product({
    key: 'racket-levante-junior',
    type: 'rackets',
    art: 'racket',
    hue: '#16a34a',
    price: 44.95,
    stock: 14,
    created: '2025-05-09 16:20',
    es: {
      name: 'Pala Levante Junior',
      description: 'Pala infantil de 300 gramos y mango corto para jugadores de 7 a 12 años.',
      intro:
        'Diseñada con los entrenadores de nuestra academia, la Junior tiene el tamaño y el peso adecuados para que los peques aprendan el gesto correcto sin forzar la muñeca. Los colores vivos también ayudan a que no se confunda en el paletero.',
      specs: [
        ['Edad recomendada', '7 a 12 años'],
        ['Peso', '290–310 g'],
        ['Mango', '2 cm más corto que una pala de adulto'],
        ['Caras', 'fibra de vidrio'],
        ['Núcleo', 'foam blando'],
      ],
      outro: 'Es la pala oficial de la academia junior y del campus de verano.',
    },
    en: {
      name: 'Levante Junior Racket',
      description: 'A 300-gram kids’ racket with a short handle for players aged 7 to 12.',
      intro:
        'Designed with the coaches of our junior academy, the Junior has the right size and weight for children to learn a proper swing without straining their wrist. The bright colours also make it easy to spot in a crowded kit bag.',
      specs: [
        ['Recommended age', '7 to 12'],
        ['Weight', '290–310 g'],
        ['Handle', '2 cm shorter than an adult racket'],
        ['Faces', 'fibreglass'],
        ['Core', 'soft foam'],
      ],
      outro: 'It is the official racket of our junior academy and summer camp.',
    },
  }),
  product({
    key: 'racket-tramontana-attack-3k',
    type: 'rackets',
    art: 'racket',
    hue: '#dc2626',
    price: 139.95,
    stock: 0,
    created: '2025-06-02 10:15',
    es: {
      name: 'Pala Tramontana Attack 3K',
      description: 'Potencia a buen precio: forma de diamante, carbono 3K y un tacto firme.',
      intro:
        'La Attack 3K acerca la sensación de una pala de competición a quien empieza a jugar torneos. Sale rápida en el remate y responde bien en la bandeja, aunque pide algo de técnica en la defensa. Está agotada por ahora: avísanos en recepción y te guardamos una de la próxima remesa.',
      specs: [
        ['Forma', 'diamante'],
        ['Peso', '365–375 g'],
        ['Caras', 'carbono 3K'],
        ['Núcleo', 'EVA Pro'],
        ['Nivel', 'intermedio alto'],
      ],
      outro: 'Recomendada para jugadores de lado de revés con buen físico.',
    },
    en: {
      name: 'Tramontana Attack 3K Racket',
      description: 'Power at a fair price: diamond shape, 3K carbon and a firm feel.',
      intro:
        'The Attack 3K brings the feel of a tournament racket to players starting to compete. It comes off the face fast on smashes and behaves well on the bandeja, though it asks for some technique in defence. It is sold out for now: let reception know and we will keep one for you from the next delivery.',
      specs: [
        ['Shape', 'diamond'],
        ['Weight', '365–375 g'],
        ['Faces', '3K carbon'],
        ['Core', 'Pro EVA'],
        ['Level', 'upper intermediate'],
      ],
      outro: 'Best for fit players on the backhand side.',
    },
  }),
  product({
    key: 'racket-tramontana-tour-edition',
    type: 'rackets',
    art: 'racket',
    hue: '#334155',
    price: 249,
    stock: 2,
    created: '2026-02-10 09:30',
    trending: true,
    es: {
      name: 'Pala Tramontana Tour Edition 2026',
      description:
        'Edición limitada de la pala de competición de Tramontana, con carbono 24K y marco reforzado.',
      intro:
        'La Tour Edition es la pala que usan los jugadores patrocinados por Tramontana en el circuito. Las caras de carbono 24K dan una salida de bola enorme con muy poco esfuerzo y el marco reforzado mantiene la estabilidad en los golpes más violentos. Es exigente: está pensada para jugadores con técnica consolidada.',
      specs: [
        ['Forma', 'diamante'],
        ['Peso', '365–380 g'],
        ['Caras', 'carbono 24K'],
        ['Núcleo', 'EVA Black de alta densidad'],
        ['Nivel', 'avanzado y competición'],
      ],
      outro: 'Serie numerada. Incluye funda rígida y dos protectores de marco.',
    },
    en: {
      name: 'Tramontana Tour Edition 2026 Racket',
      description:
        'Limited edition of Tramontana’s tournament racket, with 24K carbon and a reinforced frame.',
      intro:
        'The Tour Edition is the racket Tramontana’s sponsored players use on the circuit. Its 24K carbon faces give huge ball exit with very little effort, and the reinforced frame stays stable on the hardest hits. It is demanding: built for players whose technique is already solid.',
      specs: [
        ['Shape', 'diamond'],
        ['Weight', '365–380 g'],
        ['Faces', '24K carbon'],
        ['Core', 'high-density black EVA'],
        ['Level', 'advanced and competition'],
      ],
      outro: 'Numbered series. Comes with a hard case and two frame protectors.',
    },
  }),
  product({
    key: 'racket-levante-comfort',
    type: 'rackets',
    art: 'racket',
    hue: '#0891b2',
    price: 99.9,
    stock: 7,
    created: '2025-11-20 12:00',
    es: {
      name: 'Pala Levante Comfort',
      description:
        'Pala con sistema antivibración, pensada para jugadores con molestias en el codo o el hombro.',
      intro:
        'La Comfort incorpora un puente con inserto de silicona que reduce de forma notable las vibraciones que llegan al brazo. Es una buena opción si arrastras una epicondilitis o si juegas muchas horas a la semana y quieres cuidarte.',
      specs: [
        ['Forma', 'redonda'],
        ['Peso', '345–360 g'],
        ['Caras', 'fibra de vidrio con refuerzo de carbono'],
        ['Núcleo', 'EVA Soft con sistema antivibración'],
        ['Nivel', 'todos los niveles'],
      ],
      outro:
        'Nuestros fisioterapeutas suelen recomendarla junto a un buen calentamiento y un overgrip nuevo.',
    },
    en: {
      name: 'Levante Comfort Racket',
      description: 'An anti-vibration racket for players with elbow or shoulder niggles.',
      intro:
        'The Comfort has a throat bridge with a silicone insert that noticeably cuts the vibration reaching your arm. It is a good choice if you are dealing with tennis elbow, or if you play many hours a week and want to look after yourself.',
      specs: [
        ['Shape', 'round'],
        ['Weight', '345–360 g'],
        ['Faces', 'fibreglass reinforced with carbon'],
        ['Core', 'soft EVA with anti-vibration system'],
        ['Level', 'all levels'],
      ],
      outro: 'Our physiotherapists often recommend it alongside a proper warm-up and a fresh overgrip.',
    },
  }),
  product({
    key: 'racket-levante-teen',
    type: 'rackets',
    art: 'racket',
    hue: '#65a30d',
    price: 69.9,
    stock: 5,
    created: '2026-04-22 15:40',
    es: {
      name: 'Pala Levante Teen',
      description:
        'El paso intermedio entre la pala infantil y la de adulto, para jugadores de 12 a 15 años.',
      intro:
        'Cuando la pala junior se queda pequeña pero una de adulto todavía pesa demasiado, llega la Teen. Tiene medidas de adulto con un peso reducido y un núcleo algo más vivo, para que los jugadores de la academia empiecen a trabajar la potencia.',
      specs: [
        ['Edad recomendada', '12 a 15 años'],
        ['Peso', '320–335 g'],
        ['Caras', 'fibra de vidrio'],
        ['Núcleo', 'EVA de densidad media'],
        ['Nivel', 'academia y competición juvenil'],
      ],
      outro: 'Los alumnos de la academia junior tienen un 10 % de descuento presentando su carné.',
    },
    en: {
      name: 'Levante Teen Racket',
      description: 'The step between a kids’ racket and an adult one, for players aged 12 to 15.',
      intro:
        'When the junior racket is too small but an adult one still feels too heavy, the Teen fills the gap. It has adult dimensions with less weight and a slightly livelier core, so academy players can start working on power.',
      specs: [
        ['Recommended age', '12 to 15'],
        ['Weight', '320–335 g'],
        ['Faces', 'fibreglass'],
        ['Core', 'medium-density EVA'],
        ['Level', 'academy and junior competition'],
      ],
      outro: 'Junior academy students get 10% off when they show their academy card.',
    },
  }),

  // Balls --------------------------------------------------------------------------------------
  product({
    key: 'balls-xaloc-pro-tube',
    type: 'balls',
    art: 'ball-tube',
    hue: TEAL,
    price: 5.95,
    stock: 40,
    created: '2025-01-08 09:00',
    popular: true,
    es: {
      name: 'Bote de pelotas Xaloc Pro',
      description:
        'Bote de tres pelotas presurizadas, las mismas que usamos en la liga interna y los torneos del club.',
      intro:
        'La Xaloc Pro es la pelota oficial del Club Mistral. Tiene un bote regular y una felpa resistente que aguanta bien varios partidos en nuestras pistas de césped, tanto en las cubiertas como en las exteriores.',
      specs: [
        ['Contenido', '3 pelotas'],
        ['Tipo', 'presurizada'],
        ['Velocidad', 'media'],
        ['Homologación', 'Federación Española de Pádel'],
      ],
      outro: 'Abre el bote justo antes de jugar: la presión se nota desde el primer punto y dura más.',
    },
    en: {
      name: 'Xaloc Pro Ball Tube',
      description:
        'A tube of three pressurised balls, the same ones we use in the club league and tournaments.',
      intro:
        'The Xaloc Pro is Club Mistral’s official ball. It has a consistent bounce and hard-wearing felt that lasts several matches on our artificial grass, on both the covered and the outdoor courts.',
      specs: [
        ['Contents', '3 balls'],
        ['Type', 'pressurised'],
        ['Speed', 'medium'],
        ['Approval', 'Spanish Padel Federation'],
      ],
      outro:
        'Open the tube right before you play: you will feel the pressure from the first point, and the balls will stay lively for longer.',
    },
  }),
  product({
    key: 'balls-xaloc-pro-pack-3',
    type: 'balls',
    art: 'balls',
    hue: '#0d9488',
    price: 16.5,
    stock: 27,
    created: '2025-01-08 09:05',
    popular: true,
    es: {
      name: 'Pack de 3 botes Xaloc Pro',
      description:
        'Tres botes de la pelota oficial del club a mejor precio por bote, ideal para jugar toda la semana.',
      intro:
        'Si juegas dos o tres partidos por semana, el pack de tres botes te sale más a cuenta y siempre tendrás pelotas nuevas en el paletero. Son las mismas Xaloc Pro que encontrarás en todas las competiciones del club.',
      specs: [
        ['Contenido', '3 botes de 3 pelotas'],
        ['Tipo', 'presurizada'],
        ['Velocidad', 'media'],
        ['Ahorro', 'más de 1 € respecto a comprarlos sueltos'],
      ],
      outro: 'Guarda los botes cerrados en un lugar fresco, lejos del maletero del coche en verano.',
    },
    en: {
      name: 'Xaloc Pro 3-Tube Pack',
      description:
        'Three tubes of the club’s official ball at a lower price per tube, enough for a week of matches.',
      intro:
        'If you play two or three matches a week, the three-tube pack works out cheaper and means you always have fresh balls in your bag. They are the same Xaloc Pro balls used in every club competition.',
      specs: [
        ['Contents', '3 tubes of 3 balls'],
        ['Type', 'pressurised'],
        ['Speed', 'medium'],
        ['Saving', 'over €1 compared with single tubes'],
      ],
      outro: 'Keep unopened tubes somewhere cool — not in the boot of your car in summer.',
    },
  }),
  product({
    key: 'balls-xaloc-control-tube',
    type: 'balls',
    art: 'ball-tube',
    hue: '#1d4ed8',
    price: 5.45,
    stock: 32,
    created: '2025-04-01 10:00',
    es: {
      name: 'Bote de pelotas Xaloc Control',
      description:
        'Pelota algo más lenta y pesada, pensada para partidos largos de control y para jugar con calor.',
      intro:
        'La Xaloc Control tiene un núcleo ligeramente más denso que frena la bola después del bote. Da más tiempo para llegar a las paredes y hace los puntos más largos, algo que se agradece en las tardes de verano en València.',
      specs: [
        ['Contenido', '3 pelotas'],
        ['Tipo', 'presurizada'],
        ['Velocidad', 'lenta'],
        ['Ideal para', 'pistas exteriores y temperaturas altas'],
      ],
      outro: 'Muy recomendable para jugadores que empiezan a usar las paredes.',
    },
    en: {
      name: 'Xaloc Control Ball Tube',
      description: 'A slightly slower, heavier ball for long, tactical matches and for playing in the heat.',
      intro:
        'The Xaloc Control has a slightly denser core that slows the ball down after the bounce. That gives you more time to play off the walls and makes rallies longer, which is welcome on a summer afternoon in València.',
      specs: [
        ['Contents', '3 balls'],
        ['Type', 'pressurised'],
        ['Speed', 'slow'],
        ['Best for', 'outdoor courts and hot weather'],
      ],
      outro: 'A great choice for players who are just starting to use the walls.',
    },
  }),
  product({
    key: 'balls-xaloc-speed-tube',
    type: 'balls',
    art: 'ball-tube',
    hue: '#dc2626',
    price: 6.5,
    stock: 18,
    created: '2025-09-22 09:30',
    trending: true,
    es: {
      name: 'Bote de pelotas Xaloc Speed',
      description: 'La pelota más rápida de Xaloc, con mayor presión interna para un juego ofensivo.',
      intro:
        'La Speed sale disparada de la pala y de las paredes. Es la elección de muchos jugadores de competición para las pistas cubiertas y los días frescos, cuando una pelota normal se queda corta en el remate. En una tarde de calor en pista exterior puede resultar demasiado viva, así que resérvala para el invierno.',
      specs: [
        ['Contenido', '3 pelotas'],
        ['Tipo', 'presurizada de alta presión'],
        ['Velocidad', 'rápida'],
        ['Ideal para', 'pistas cubiertas e invierno'],
      ],
      outro: 'Es la pelota de los cuadros de primera categoría en nuestros opens.',
    },
    en: {
      name: 'Xaloc Speed Ball Tube',
      description: 'Xaloc’s fastest ball, with higher internal pressure for an attacking game.',
      intro:
        'The Speed flies off the racket and the walls. Many competitive players choose it for covered courts and cool days, when a standard ball falls short on the smash. On a hot afternoon outdoors it can feel too lively, so keep it for winter and indoor play.',
      specs: [
        ['Contents', '3 balls'],
        ['Type', 'high-pressure'],
        ['Speed', 'fast'],
        ['Best for', 'covered courts and winter'],
      ],
      outro: 'It is the ball used in the top draws of our open tournaments.',
    },
  }),
  product({
    key: 'balls-xaloc-training-bucket',
    type: 'balls',
    art: 'balls',
    hue: '#ea580c',
    price: 79,
    stock: 3,
    created: '2025-07-11 12:00',
    es: {
      name: 'Cubo de 60 pelotas de entrenamiento Xaloc',
      description:
        'Sesenta pelotas sin presión en cubo con tapa, para entrenar con cesta sin que pierdan el bote.',
      intro:
        'Las pelotas sin presión mantienen el mismo bote durante meses, así que son perfectas para practicar con cesta, para entrenadores y para los que tienen pista en casa o en la urbanización. El cubo con asa y tapa facilita transportarlas.',
      specs: [
        ['Contenido', '60 pelotas'],
        ['Tipo', 'sin presión'],
        ['Duración', 'varios meses de uso intensivo'],
        ['Incluye', 'cubo con asa y tapa'],
      ],
      outro: 'Son las que usan nuestros monitores en las clases colectivas.',
    },
    en: {
      name: 'Xaloc Training Bucket, 60 Balls',
      description: 'Sixty pressureless balls in a lidded bucket, for basket drills without losing bounce.',
      intro:
        'Pressureless balls keep the same bounce for months, which makes them perfect for basket practice, for coaches and for anyone with a court at home or in their community. The bucket has a handle and lid, so they are easy to carry.',
      specs: [
        ['Contents', '60 balls'],
        ['Type', 'pressureless'],
        ['Lifespan', 'several months of heavy use'],
        ['Includes', 'bucket with handle and lid'],
      ],
      outro: 'These are the balls our coaches use in group classes.',
    },
  }),
  product({
    key: 'balls-xaloc-junior-tube',
    type: 'balls',
    art: 'ball-tube',
    hue: '#16a34a',
    price: 4.95,
    stock: 20,
    created: '2025-05-09 16:30',
    es: {
      name: 'Bote de pelotas Xaloc Junior',
      description: 'Pelotas de baja compresión que botan menos y van más lentas, para niños que empiezan.',
      intro:
        'Con la mitad de presión que una pelota normal, la Xaloc Junior bota a la altura adecuada para los más pequeños y les da tiempo de colocarse. Así se divierten desde el primer día y aprenden antes el golpe correcto.',
      specs: [
        ['Contenido', '3 pelotas'],
        ['Tipo', 'baja compresión (fase 2)'],
        ['Edad recomendada', '5 a 10 años'],
        ['Uso', 'minipádel y academia'],
      ],
      outro: 'La banda verde del bote indica que es una pelota de iniciación infantil.',
    },
    en: {
      name: 'Xaloc Junior Ball Tube',
      description:
        'Low-compression balls that bounce lower and travel slower, for children who are starting out.',
      intro:
        'With half the pressure of a standard ball, the Xaloc Junior bounces at the right height for younger players and gives them time to get into position. Children have fun from day one and learn a proper swing sooner.',
      specs: [
        ['Contents', '3 balls'],
        ['Type', 'low compression (stage 2)'],
        ['Recommended age', '5 to 10'],
        ['Use', 'mini padel and academy'],
      ],
      outro: 'The green band on the tube marks it as a children’s starter ball.',
    },
  }),
  product({
    key: 'balls-xaloc-pro-box',
    type: 'balls',
    art: 'ball-tube',
    hue: '#0b3b5c',
    price: 119,
    stock: 4,
    created: '2025-11-03 09:00',
    es: {
      name: 'Caja de 24 botes Xaloc Pro',
      description:
        'Caja completa de la pelota oficial del club para equipos, grupos de amigos y organizadores.',
      intro:
        'Si organizas una americana, juegas en un equipo de liga o simplemente compartes pista con el mismo grupo cada semana, la caja de 24 botes es la opción más económica. Sale a menos de 5 € el bote.',
      specs: [
        ['Contenido', '24 botes de 3 pelotas'],
        ['Tipo', 'presurizada'],
        ['Velocidad', 'media'],
        ['Precio por bote', 'menos de 5 €'],
      ],
      outro: 'Recógela en recepción sin gastos de envío o pide que te la guardemos en tu taquilla.',
    },
    en: {
      name: 'Xaloc Pro Box of 24 Tubes',
      description:
        'A full box of the club’s official ball for teams, groups of friends and event organisers.',
      intro:
        'If you organise an americano, play in a league team or simply share a court with the same group every week, the 24-tube box is the cheapest way to buy. It works out at under €5 a tube.',
      specs: [
        ['Contents', '24 tubes of 3 balls'],
        ['Type', 'pressurised'],
        ['Speed', 'medium'],
        ['Price per tube', 'under €5'],
      ],
      outro: 'Collect it from reception with no delivery charge, or ask us to leave it in your locker.',
    },
  }),

  // Clothing and footwear ------------------------------------------------------------------------
  product({
    key: 'shirt-garbi-tech-men',
    type: 'clothing',
    art: 'shirt',
    hue: TEAL,
    price: 29.95,
    stock: 22,
    created: '2025-02-20 10:00',
    popular: true,
    es: {
      name: 'Camiseta técnica Garbí Tech hombre',
      description: 'Camiseta ligera de tejido transpirable que seca rápido y no se pega al cuerpo.',
      intro:
        'La Garbí Tech está hecha con un tejido de poliéster reciclado con microperforaciones en la espalda y los costados, las zonas donde más se suda. Las costuras planas evitan roces en los partidos largos y el corte entallado deja libertad total en el remate.',
      specs: [
        ['Composición', '92 % poliéster reciclado, 8 % elastano'],
        ['Corte', 'entallado'],
        ['Tallas', 'S a XXL'],
        ['Cuidado', 'lavado a 30 °C, sin suavizante'],
      ],
      outro: 'Si dudas de talla, pruébatela en la tienda del club antes de comprar.',
    },
    en: {
      name: 'Garbí Tech Men’s Shirt',
      description: 'A lightweight, breathable shirt that dries fast and never clings.',
      intro:
        'The Garbí Tech is made from recycled polyester with micro-perforations across the back and sides, where you sweat most. Flat seams stop chafing in long matches, and the fitted cut leaves you completely free to swing overhead.',
      specs: [
        ['Fabric', '92% recycled polyester, 8% elastane'],
        ['Fit', 'slim'],
        ['Sizes', 'S to XXL'],
        ['Care', 'wash at 30 °C, no fabric softener'],
      ],
      outro: 'Not sure about the size? Try it on at the club shop before you buy.',
    },
  }),
  product({
    key: 'shirt-garbi-tech-women',
    type: 'clothing',
    art: 'shirt',
    hue: CORAL,
    price: 29.95,
    stock: 17,
    created: '2025-02-20 10:05',
    es: {
      name: 'Camiseta técnica Garbí Tech mujer',
      description:
        'Versión femenina de la Garbí Tech, con manga corta ranglan y un corte que acompaña el movimiento.',
      intro:
        'Diseñada sobre patrón de mujer, la Garbí Tech tiene manga ranglan para que el hombro se mueva sin tirones y un bajo ligeramente más largo por detrás. El tejido es el mismo de la versión de hombre: ligero, transpirable y de secado rápido.',
      specs: [
        ['Composición', '92 % poliéster reciclado, 8 % elastano'],
        ['Corte', 'regular con manga ranglan'],
        ['Tallas', 'XS a XL'],
        ['Cuidado', 'lavado a 30 °C, sin suavizante'],
      ],
      outro: 'Combínala con la falda Garbí Court para un conjunto completo de competición.',
    },
    en: {
      name: 'Garbí Tech Women’s Shirt',
      description: 'The women’s Garbí Tech, with raglan sleeves and a cut that moves with you.',
      intro:
        'Cut on a women’s pattern, the Garbí Tech has raglan sleeves so your shoulder moves freely and a slightly longer back hem. The fabric is the same as the men’s version: light, breathable and quick-drying.',
      specs: [
        ['Fabric', '92% recycled polyester, 8% elastane'],
        ['Fit', 'regular with raglan sleeves'],
        ['Sizes', 'XS to XL'],
        ['Care', 'wash at 30 °C, no fabric softener'],
      ],
      outro: 'Pair it with the Garbí Court skirt for a complete match outfit.',
    },
  }),
  product({
    key: 'tank-garbi-air',
    type: 'clothing',
    art: 'tank',
    hue: '#db2777',
    price: 24.95,
    stock: 11,
    created: '2025-05-26 11:20',
    es: {
      name: 'Camiseta de tirantes Garbí Air',
      description: 'Camiseta de tirantes ultraligera para los días de más calor en la pista o en la sala.',
      intro:
        'La Garbí Air pesa menos de 90 gramos y tiene la espalda de malla abierta para que el aire circule. Es la prenda favorita de nuestras clases de HIIT y de los partidos de mediodía en julio.',
      specs: [
        ['Composición', '100 % poliéster de malla'],
        ['Peso', 'menos de 90 g'],
        ['Tallas', 'XS a XL'],
        ['Detalle', 'espalda nadadora con franja reflectante'],
      ],
      outro: 'Se seca en menos de una hora colgada en la taquilla.',
    },
    en: {
      name: 'Garbí Air Tank Top',
      description: 'An ultralight tank top for the hottest days on court or in the gym.',
      intro:
        'The Garbí Air weighs under 90 grams and has an open mesh back to keep air moving. It is the favourite kit of our HIIT classes and of anyone playing a lunchtime match in July.',
      specs: [
        ['Fabric', '100% polyester mesh'],
        ['Weight', 'under 90 g'],
        ['Sizes', 'XS to XL'],
        ['Detail', 'racer back with a reflective stripe'],
      ],
      outro: 'Hung up in your locker, it is dry in under an hour.',
    },
  }),
  product({
    key: 'polo-club-mistral',
    type: 'clothing',
    art: 'shirt',
    hue: '#1e3a5f',
    price: 34.9,
    stock: 30,
    created: '2025-01-20 09:30',
    popular: true,
    es: {
      name: 'Polo oficial Club Mistral',
      description:
        'El polo del club, con el logo bordado y los colores de Mistral, para jugar y para las competiciones por equipos.',
      intro:
        'Es el polo que llevan nuestros equipos en la liga autonómica y el que verás en la grada los días de final. El tejido piqué técnico transpira como una camiseta deportiva y el cuello de canalé mantiene la forma lavado tras lavado.',
      specs: [
        ['Composición', 'piqué técnico de poliéster'],
        ['Logo', 'bordado en el pecho'],
        ['Tallas', 'XS a XXL, corte unisex'],
        ['Colores', 'azul marino con detalles lima'],
      ],
      outro: 'Los socios tienen un 15 % de descuento en toda la ropa oficial del club.',
    },
    en: {
      name: 'Official Club Mistral Polo Shirt',
      description:
        'The club polo, with embroidered logo and Mistral colours, for playing and for team events.',
      intro:
        'Our teams wear it in the regional league, and you will see it in the stands on finals day. The technical piqué breathes like a sports shirt, and the ribbed collar keeps its shape wash after wash.',
      specs: [
        ['Fabric', 'technical polyester piqué'],
        ['Logo', 'embroidered on the chest'],
        ['Sizes', 'XS to XXL, unisex fit'],
        ['Colours', 'navy with lime details'],
      ],
      outro: 'Members get 15% off all official club clothing.',
    },
  }),
  product({
    key: 'shorts-garbi-court-men',
    type: 'clothing',
    art: 'shorts',
    hue: '#1e3a5f',
    price: 32.95,
    stock: 15,
    created: '2025-03-03 10:40',
    es: {
      name: 'Pantalón corto Garbí Court',
      description: 'Pantalón de pádel con bolsillos profundos para guardar la segunda bola con seguridad.',
      intro:
        'El Garbí Court tiene dos bolsillos laterales profundos con tejido elástico que sujeta la pelota sin que bote al correr. La cinturilla ancha con cordón interior se ajusta bien y el tejido de cuatro direcciones acompaña cada desplazamiento lateral.',
      specs: [
        ['Composición', '88 % poliéster, 12 % elastano'],
        ['Largo', 'por encima de la rodilla'],
        ['Bolsillos', 'dos laterales para pelota y uno trasero con cremallera'],
        ['Tallas', 'S a XXL'],
      ],
      outro: 'Disponible en azul marino con vivos lima.',
    },
    en: {
      name: 'Garbí Court Shorts',
      description: 'Padel shorts with deep pockets that hold your second ball securely.',
      intro:
        'The Garbí Court has two deep side pockets in a stretchy fabric that grips the ball so it does not bounce around as you run. The wide waistband with an inner drawcord stays put, and the four-way stretch fabric follows every sideways move.',
      specs: [
        ['Fabric', '88% polyester, 12% elastane'],
        ['Length', 'above the knee'],
        ['Pockets', 'two side ball pockets and a zipped back pocket'],
        ['Sizes', 'S to XXL'],
      ],
      outro: 'Available in navy with lime piping.',
    },
  }),
  product({
    key: 'skirt-garbi-court',
    type: 'clothing',
    art: 'skirt',
    hue: '#7c3aed',
    price: 34.95,
    stock: 9,
    created: '2025-03-03 10:45',
    es: {
      name: 'Falda Garbí Court con malla interior',
      description: 'Falda plisada con malla corta integrada y bolsillos para la pelota.',
      intro:
        'La Garbí Court combina una falda plisada con vuelo y una malla interior de compresión suave que no se sube al moverte. La malla lleva un bolsillo a cada lado para la pelota, así que no necesitas nada más para jugar.',
      specs: [
        ['Composición', 'falda 100 % poliéster, malla 80 % poliamida y 20 % elastano'],
        ['Largo', '35 cm'],
        ['Bolsillos', 'dos en la malla interior'],
        ['Tallas', 'XS a XL'],
      ],
      outro: 'Queda especialmente bien con la camiseta Garbí Tech de mujer.',
    },
    en: {
      name: 'Garbí Court Skirt with Inner Shorts',
      description: 'A pleated skirt with built-in shorts and ball pockets.',
      intro:
        'The Garbí Court pairs a flowing pleated skirt with lightly compressive inner shorts that do not ride up as you move. The shorts have a pocket on each side for the ball, so you need nothing else to play.',
      specs: [
        ['Fabric', 'skirt 100% polyester, shorts 80% polyamide and 20% elastane'],
        ['Length', '35 cm'],
        ['Pockets', 'two in the inner shorts'],
        ['Sizes', 'XS to XL'],
      ],
      outro: 'Looks especially good with the women’s Garbí Tech shirt.',
    },
  }),
  product({
    key: 'jacket-club-mistral',
    type: 'clothing',
    art: 'jacket',
    hue: TEAL,
    price: 54.9,
    stock: 7,
    created: '2025-10-13 09:00',
    trending: true,
    es: {
      name: 'Chaqueta de chándal Club Mistral',
      description:
        'Chaqueta con cremallera completa en los colores del club, para calentar y para las mañanas de invierno.',
      intro:
        'Con el interior ligeramente perchado y el exterior de punto técnico, esta chaqueta abriga lo justo para calentar sin sudar de más. Tiene bolsillos con cremallera para el móvil y las llaves, y puños elásticos que no molestan al sacar.',
      specs: [
        ['Composición', '100 % poliéster de punto técnico'],
        ['Cierre', 'cremallera completa con protector de barbilla'],
        ['Bolsillos', 'dos laterales con cremallera'],
        ['Tallas', 'XS a XXL, corte unisex'],
      ],
      outro: 'Es la chaqueta oficial de los equipos y de la academia junior.',
    },
    en: {
      name: 'Club Mistral Track Jacket',
      description: 'A full-zip jacket in club colours, for warming up and for winter mornings.',
      intro:
        'With a lightly brushed inside and a technical knit outside, this jacket keeps you just warm enough to warm up without overheating. Zipped pockets hold your phone and keys, and the stretch cuffs stay out of the way when you serve.',
      specs: [
        ['Fabric', '100% technical knit polyester'],
        ['Closure', 'full zip with chin guard'],
        ['Pockets', 'two zipped side pockets'],
        ['Sizes', 'XS to XXL, unisex fit'],
      ],
      outro: 'It is the official jacket of our teams and junior academy.',
    },
  }),
  product({
    key: 'hoodie-club-mistral',
    type: 'clothing',
    art: 'jacket',
    hue: '#334155',
    price: 44.9,
    stock: 13,
    created: '2025-11-24 10:30',
    es: {
      name: 'Sudadera Club Mistral',
      description:
        'Sudadera de algodón orgánico con el logo del club, cómoda para antes y después del partido.',
      intro:
        'Una sudadera para el día a día, de algodón orgánico grueso y suave por dentro. Es la que te pones al salir de la ducha, para ver la final desde la terraza o para las mañanas frescas de enero camino del club.',
      specs: [
        ['Composición', '80 % algodón orgánico, 20 % poliéster reciclado'],
        ['Gramaje', '320 g/m²'],
        ['Tallas', 'XS a XXL, corte unisex'],
        ['Detalle', 'logo bordado en tono sobre tono'],
      ],
      outro: 'Lávala del revés a 30 °C para que el bordado dure más.',
    },
    en: {
      name: 'Club Mistral Hoodie',
      description: 'An organic cotton hoodie with the club logo, comfy before and after your match.',
      intro:
        'An everyday hoodie in heavy organic cotton that is soft on the inside. It is the one you pull on after your shower, to watch the final from the terrace or on a chilly January morning on your way to the club.',
      specs: [
        ['Fabric', '80% organic cotton, 20% recycled polyester'],
        ['Weight', '320 g/m²'],
        ['Sizes', 'XS to XXL, unisex fit'],
        ['Detail', 'tone-on-tone embroidered logo'],
      ],
      outro: 'Wash it inside out at 30 °C to keep the embroidery looking good.',
    },
  }),
  product({
    key: 'shoes-poniente-clay-men',
    type: 'clothing',
    art: 'shoes',
    hue: '#2563eb',
    price: 89.95,
    stock: 5,
    created: '2025-04-14 09:15',
    trending: true,
    es: {
      name: 'Zapatillas Poniente Clay Grip hombre',
      description: 'Zapatillas de pádel con suela de espiga para césped artificial con arena.',
      intro:
        'La suela de espiga de la Clay Grip agarra sin bloquear el pie en las pistas de césped con arena, y la mediasuela de EVA amortigua los saltos del remate. El refuerzo en la puntera aguanta el arrastre del pie en las voleas bajas.',
      specs: [
        ['Suela', 'espiga de caucho, específica para pádel'],
        ['Amortiguación', 'mediasuela de EVA con inserto en el talón'],
        ['Peso', '360 g en la talla 42'],
        ['Tallas', '39 a 47'],
      ],
      outro: 'Son válidas en todas nuestras pistas, cubiertas y exteriores.',
    },
    en: {
      name: 'Poniente Clay Grip Men’s Shoes',
      description: 'Padel shoes with a herringbone sole for sand-filled artificial grass.',
      intro:
        'The Clay Grip’s herringbone sole grips on sand-filled grass without locking your foot, and the EVA midsole cushions every jump on the smash. A reinforced toe cap stands up to dragging your foot on low volleys.',
      specs: [
        ['Sole', 'rubber herringbone, padel-specific'],
        ['Cushioning', 'EVA midsole with heel insert'],
        ['Weight', '360 g in size 42 (UK 8)'],
        ['Sizes', 'EU 39 to 47'],
      ],
      outro: 'Approved for all our courts, covered and outdoor.',
    },
  }),
  product({
    key: 'shoes-poniente-clay-women',
    type: 'clothing',
    art: 'shoes',
    hue: '#db2777',
    price: 89.95,
    stock: 2,
    created: '2025-04-14 09:20',
    es: {
      name: 'Zapatillas Poniente Clay Grip mujer',
      description: 'La Clay Grip en horma de mujer: más estrecha en el talón y más ligera.',
      intro:
        'Tiene la misma suela de espiga y la misma amortiguación que la versión de hombre, pero sobre una horma pensada para el pie femenino, más estrecha en el talón. El resultado es una zapatilla estable y unos 40 gramos más ligera.',
      specs: [
        ['Suela', 'espiga de caucho, específica para pádel'],
        ['Amortiguación', 'mediasuela de EVA con inserto en el talón'],
        ['Peso', '320 g en la talla 38'],
        ['Tallas', '35 a 42'],
      ],
      outro: 'Quedan pocas tallas: consulta disponibilidad en recepción.',
    },
    en: {
      name: 'Poniente Clay Grip Women’s Shoes',
      description: 'The Clay Grip on a women’s last: narrower at the heel and lighter.',
      intro:
        'It has the same herringbone sole and cushioning as the men’s version, built on a last designed for women’s feet with a narrower heel. The result is a stable shoe that is around 40 grams lighter.',
      specs: [
        ['Sole', 'rubber herringbone, padel-specific'],
        ['Cushioning', 'EVA midsole with heel insert'],
        ['Weight', '320 g in size 38 (UK 5)'],
        ['Sizes', 'EU 35 to 42'],
      ],
      outro: 'Few sizes left: ask at reception about availability.',
    },
  }),
  product({
    key: 'shoes-poniente-junior',
    type: 'clothing',
    art: 'shoes',
    hue: '#16a34a',
    price: 49.9,
    stock: 8,
    created: '2025-08-18 10:00',
    es: {
      name: 'Zapatillas Poniente Junior',
      description: 'Zapatillas infantiles con cierre de velcro y suela de pádel, de la talla 28 a la 38.',
      intro:
        'Los niños se ponen y se quitan solos las Poniente Junior gracias al cierre de velcro, y la suela de espiga les da el agarre que necesitan en la pista. La puntera reforzada aguanta frenadas y arrastres mucho mejor que una zapatilla de calle.',
      specs: [
        ['Cierre', 'doble velcro'],
        ['Suela', 'espiga de caucho'],
        ['Tallas', '28 a 38'],
        ['Uso', 'pádel y multideporte'],
      ],
      outro: 'Recomendadas para la academia junior y el campus de verano.',
    },
    en: {
      name: 'Poniente Junior Shoes',
      description: 'Kids’ padel shoes with hook-and-loop straps, from EU size 28 to 38.',
      intro:
        'Children can put the Poniente Junior on and take it off by themselves thanks to the hook-and-loop straps, and the herringbone sole gives them the grip they need on court. The reinforced toe copes with sudden stops and slides far better than a street trainer.',
      specs: [
        ['Closure', 'double hook-and-loop strap'],
        ['Sole', 'rubber herringbone'],
        ['Sizes', 'EU 28 to 38'],
        ['Use', 'padel and multi-sport'],
      ],
      outro: 'Recommended for the junior academy and summer camp.',
    },
  }),
  product({
    key: 'socks-garbi-pack-3',
    type: 'clothing',
    art: 'socks',
    hue: TEAL,
    price: 14.95,
    stock: 40,
    created: '2025-02-20 10:10',
    es: {
      name: 'Calcetines técnicos Garbí, pack de 3',
      description: 'Calcetines acolchados con refuerzo en talón y puntera para evitar ampollas.',
      intro:
        'Estos calcetines tienen acolchado en las zonas de más roce, una banda elástica en el arco que sujeta sin apretar y un tejido con hilo de plata que controla el olor. Parecen un detalle menor hasta que juegas dos horas seguidas.',
      specs: [
        ['Contenido', '3 pares'],
        ['Composición', 'algodón técnico, poliamida y elastano'],
        ['Altura', 'media caña'],
        ['Tallas', '35–38, 39–42 y 43–46'],
      ],
      outro: 'El pack incluye un par de cada color del club.',
    },
    en: {
      name: 'Garbí Performance Socks, 3-Pack',
      description: 'Cushioned socks with reinforced heel and toe to prevent blisters.',
      intro:
        'These socks have padding where rubbing is worst, an elastic arch band that supports without squeezing, and silver-thread yarn that keeps odour down. They seem like a small thing until you play for two hours straight.',
      specs: [
        ['Contents', '3 pairs'],
        ['Fabric', 'technical cotton, polyamide and elastane'],
        ['Height', 'crew'],
        ['Sizes', 'EU 35–38, 39–42 and 43–46'],
      ],
      outro: 'The pack includes one pair in each of the three club colours.',
    },
  }),
  product({
    key: 'cap-garbi-sun',
    type: 'clothing',
    art: 'cap',
    hue: CORAL,
    price: 19.95,
    stock: 19,
    created: '2025-06-09 09:45',
    es: {
      name: 'Gorra Garbí Sun',
      description: 'Gorra ligera con paneles de malla y protección solar UPF 50 para las pistas exteriores.',
      intro:
        'En las pistas exteriores el sol de València no perdona, sobre todo en los globos. La Garbí Sun tiene la visera curvada con la parte inferior oscura para reducir reflejos y paneles laterales de malla que dejan salir el calor.',
      specs: [
        ['Protección', 'UPF 50'],
        ['Composición', 'poliéster reciclado con paneles de malla'],
        ['Ajuste', 'cierre trasero regulable'],
        ['Talla', 'única'],
      ],
      outro: 'Se lava a mano y se seca en minutos.',
    },
    en: {
      name: 'Garbí Sun Cap',
      description: 'A lightweight cap with mesh panels and UPF 50 sun protection for outdoor courts.',
      intro:
        'On the outdoor courts, the València sun is merciless, especially when you look up for a lob. The Garbí Sun has a curved peak with a dark underside to cut glare, and mesh side panels that let the heat out.',
      specs: [
        ['Protection', 'UPF 50'],
        ['Fabric', 'recycled polyester with mesh panels'],
        ['Fit', 'adjustable back strap'],
        ['Size', 'one size'],
      ],
      outro: 'Hand wash it in cool water; it dries in a few minutes.',
    },
  }),

  // Accessories and nutrition --------------------------------------------------------------------
  product({
    key: 'overgrip-cierzo-dry-pack-3',
    type: 'accessories',
    art: 'grip',
    hue: TEAL,
    price: 7.95,
    stock: 40,
    created: '2025-01-08 09:10',
    popular: true,
    es: {
      name: 'Overgrip Cierzo Dry, pack de 3',
      description: 'Tres overgrips perforados de tacto seco que absorben el sudor y mejoran el agarre.',
      intro:
        'Cambiar el overgrip es el gesto más barato para que tu pala parezca nueva. El Cierzo Dry tiene un tacto seco y microperforado que absorbe el sudor de la mano, ideal para los meses de calor y humedad en la costa.',
      specs: [
        ['Contenido', '3 overgrips'],
        ['Tacto', 'seco'],
        ['Grosor', '0,6 mm'],
        ['Colores', 'blanco, verde agua y azul'],
      ],
      outro: 'Si no sabes colocarlo, pídelo en recepción y te lo ponemos en un minuto, sin coste.',
    },
    en: {
      name: 'Cierzo Dry Overgrip, 3-Pack',
      description: 'Three perforated dry-feel overgrips that soak up sweat and improve your grip.',
      intro:
        'A new overgrip is the cheapest way to make your racket feel new. The Cierzo Dry has a dry, micro-perforated feel that absorbs sweat from your hand — ideal for the hot, humid months on the coast.',
      specs: [
        ['Contents', '3 overgrips'],
        ['Feel', 'dry'],
        ['Thickness', '0.6 mm'],
        ['Colours', 'white, aqua and blue'],
      ],
      outro:
        'Not sure how to wrap it? Ask at reception and we will fit it for you in a minute, free of charge.',
    },
  }),
  product({
    key: 'overgrip-cierzo-tacky-tub-12',
    type: 'accessories',
    art: 'grip',
    hue: CORAL,
    price: 24.95,
    stock: 13,
    created: '2025-07-07 10:00',
    es: {
      name: 'Overgrip Cierzo Tacky, bote de 12',
      description: 'Doce overgrips de tacto adherente en bote, para quien cambia el grip cada semana.',
      intro:
        'El Cierzo Tacky tiene un tacto ligeramente pegajoso que da sensación de control total sobre la pala. Viene en un bote resistente que cabe en el bolsillo lateral del paletero, así siempre tienes uno de repuesto.',
      specs: [
        ['Contenido', '12 overgrips'],
        ['Tacto', 'adherente'],
        ['Grosor', '0,5 mm'],
        ['Precio por unidad', 'algo más de 2 €'],
      ],
      outro: 'Es el overgrip que usan la mayoría de nuestros entrenadores en sus clases y partidos.',
    },
    en: {
      name: 'Cierzo Tacky Overgrip, Tub of 12',
      description: 'Twelve tacky overgrips in a tub, for players who change their grip every week.',
      intro:
        'The Cierzo Tacky has a slightly sticky feel that gives you a sense of complete control over the racket. It comes in a sturdy tub that fits in the side pocket of your racket bag, so you always have a spare.',
      specs: [
        ['Contents', '12 overgrips'],
        ['Feel', 'tacky'],
        ['Thickness', '0.5 mm'],
        ['Price per grip', 'just over €2'],
      ],
      outro: 'It is the overgrip most of our coaches use.',
    },
  }),
  product({
    key: 'protector-cierzo-frame',
    type: 'accessories',
    art: 'grip',
    hue: '#334155',
    price: 6.95,
    stock: 33,
    created: '2025-08-25 11:00',
    es: {
      name: 'Protector de marco Cierzo',
      description: 'Cinta protectora transparente para el marco de la pala que evita golpes y desconchones.',
      intro:
        'Un roce contra la pared o el suelo puede desconchar el marco y, con el tiempo, afectar a la estructura de la pala. Esta cinta transparente de poliuretano protege la parte superior del marco sin añadir peso apreciable.',
      specs: [
        ['Material', 'poliuretano transparente'],
        ['Medidas', '40 cm por 3,5 cm'],
        ['Peso añadido', 'unos 3 g'],
        ['Compatibilidad', 'cualquier pala de pádel'],
      ],
      outro: 'Colócala con la pala limpia y seca, de un extremo al otro y sin burbujas.',
    },
    en: {
      name: 'Cierzo Frame Protector',
      description: 'Clear protective tape for your racket frame that prevents knocks and chips.',
      intro:
        'Scraping the wall or the floor can chip the frame and, over time, weaken the racket’s structure. This clear polyurethane tape protects the top of the frame without adding noticeable weight.',
      specs: [
        ['Material', 'clear polyurethane'],
        ['Size', '40 cm by 3.5 cm'],
        ['Added weight', 'about 3 g'],
        ['Fits', 'any padel racket'],
      ],
      outro: 'Apply it to a clean, dry racket, from one end to the other, with no bubbles.',
    },
  }),
  product({
    key: 'bag-cierzo-thermo-pro',
    type: 'accessories',
    art: 'bag',
    hue: '#1e3a5f',
    price: 69.95,
    stock: 4,
    created: '2025-09-29 09:00',
    trending: true,
    es: {
      name: 'Paletero Cierzo Thermo Pro',
      description:
        'Paletero térmico con dos compartimentos para palas, zapatillero ventilado y bolsillo para objetos de valor.',
      intro:
        'El Thermo Pro mantiene tus palas a una temperatura estable aunque lo dejes en el coche, algo que se agradece en verano. Tiene sitio para tres palas, ropa de cambio, zapatillas en un compartimento separado y un bolsillo forrado para el móvil.',
      specs: [
        ['Capacidad', 'hasta 3 palas'],
        ['Compartimentos', 'dos térmicos, zapatillero y bolsillo forrado'],
        ['Medidas', '75 × 34 × 32 cm'],
        ['Transporte', 'asas y correas de mochila acolchadas'],
      ],
      outro: 'Disponible en azul marino con detalles en lima.',
    },
    en: {
      name: 'Cierzo Thermo Pro Racket Bag',
      description:
        'A thermal bag with two racket compartments, a ventilated shoe pocket and a valuables pocket.',
      intro:
        'The Thermo Pro keeps your rackets at a steady temperature even if you leave it in the car, which you will appreciate in summer. It holds three rackets, a change of clothes, shoes in a separate compartment and a lined pocket for your phone.',
      specs: [
        ['Capacity', 'up to 3 rackets'],
        ['Compartments', 'two thermal ones, shoe pocket and lined pocket'],
        ['Size', '75 × 34 × 32 cm'],
        ['Carry', 'handles and padded backpack straps'],
      ],
      outro: 'Available in navy with lime details.',
    },
  }),
  product({
    key: 'bag-cierzo-compact',
    type: 'accessories',
    art: 'bag',
    hue: TEAL,
    price: 44.95,
    stock: 6,
    created: '2025-03-31 10:30',
    es: {
      name: 'Paletero Cierzo Compact',
      description: 'Paletero ligero para una o dos palas, con bolsillo lateral para las pelotas.',
      intro:
        'El Compact es para quien va del trabajo a la pista con lo justo. Cabe una pala en el compartimento térmico, otra en el central junto a la ropa, y las pelotas y el agua en los bolsillos laterales. Pesa poco más de un kilo.',
      specs: [
        ['Capacidad', '1 o 2 palas'],
        ['Compartimentos', 'térmico, central y dos laterales'],
        ['Medidas', '64 × 30 × 24 cm'],
        ['Peso', '1,1 kg'],
      ],
      outro: 'Con asa de mano y bandolera regulable.',
    },
    en: {
      name: 'Cierzo Compact Racket Bag',
      description: 'A light bag for one or two rackets, with a side pocket for balls.',
      intro:
        'The Compact is for people who go straight from work to the court with just the essentials. One racket fits in the thermal compartment, another in the main one with your clothes, and balls and water go in the side pockets. It weighs just over a kilo.',
      specs: [
        ['Capacity', '1 or 2 rackets'],
        ['Compartments', 'thermal, main and two side pockets'],
        ['Size', '64 × 30 × 24 cm'],
        ['Weight', '1.1 kg'],
      ],
      outro: 'With a grab handle and an adjustable shoulder strap.',
    },
  }),
  product({
    key: 'backpack-cierzo-team',
    type: 'accessories',
    art: 'backpack',
    hue: '#7c3aed',
    price: 39.95,
    stock: 10,
    created: '2025-08-04 09:30',
    es: {
      name: 'Mochila Cierzo Team',
      description:
        'Mochila deportiva con funda para pala, compartimento para portátil y bolsillo para zapatillas.',
      intro:
        'La Team es una mochila para todo el día: oficina, gimnasio y pista. La funda exterior sujeta una pala sin aplastarla, el compartimento acolchado protege un portátil de hasta 15 pulgadas y la base separada guarda las zapatillas.',
      specs: [
        ['Capacidad', '28 litros'],
        ['Portátil', 'hasta 15 pulgadas'],
        ['Pala', 'funda exterior con cierre'],
        ['Tejido', 'poliéster reciclado resistente al agua'],
      ],
      outro: 'La llevan muchos jugadores de la academia para ir al club directamente desde el instituto.',
    },
    en: {
      name: 'Cierzo Team Backpack',
      description: 'A sports backpack with a racket sleeve, laptop compartment and shoe pocket.',
      intro:
        'The Team is an all-day backpack: office, gym and court. The outer sleeve holds a racket without squashing it, the padded compartment protects a laptop up to 15 inches and the separate base keeps your shoes apart.',
      specs: [
        ['Capacity', '28 litres'],
        ['Laptop', 'up to 15 inches'],
        ['Racket', 'outer sleeve with fastening'],
        ['Fabric', 'water-resistant recycled polyester'],
      ],
      outro: 'Many of our academy players carry it straight from school to the club.',
    },
  }),
  product({
    key: 'bottle-mistral-steel',
    type: 'accessories',
    art: 'bottle',
    hue: TEAL,
    price: 18.5,
    stock: 26,
    created: '2025-05-19 10:00',
    popular: true,
    es: {
      name: 'Botella térmica Club Mistral 750 ml',
      description: 'Botella de acero inoxidable de doble pared que mantiene el agua fría durante 24 horas.',
      intro:
        'Desde 2025 el club ya no vende agua en botellas de plástico: tenemos fuentes de agua filtrada junto a cada bloque de pistas. Esta botella térmica mantiene el agua fría todo el día y lleva el logo del club grabado.',
      specs: [
        ['Capacidad', '750 ml'],
        ['Material', 'acero inoxidable de doble pared'],
        ['Frío', 'hasta 24 horas'],
        ['Tapón', 'deportivo con asa, sin BPA'],
      ],
      outro: 'No apta para lavavajillas: lávala a mano para conservar el aislamiento.',
    },
    en: {
      name: 'Club Mistral Insulated Bottle, 750 ml',
      description: 'A double-walled stainless steel bottle that keeps water cold for 24 hours.',
      intro:
        'Since 2025 the club no longer sells water in plastic bottles: there are filtered water fountains next to every block of courts. This insulated bottle keeps your water cold all day and has the club logo engraved on it.',
      specs: [
        ['Capacity', '750 ml'],
        ['Material', 'double-walled stainless steel'],
        ['Cold', 'up to 24 hours'],
        ['Lid', 'sports cap with loop, BPA-free'],
      ],
      outro: 'Not dishwasher-safe: hand wash it to keep the insulation working.',
    },
  }),
  product({
    key: 'towel-mistral-micro',
    type: 'accessories',
    art: 'towel',
    hue: '#0891b2',
    price: 14.9,
    stock: 21,
    created: '2025-05-19 10:05',
    es: {
      name: 'Toalla de microfibra Club Mistral',
      description:
        'Toalla compacta de microfibra, obligatoria en la sala de fitness y perfecta para el paletero.',
      intro:
        'En la sala de fitness pedimos usar toalla en todas las máquinas. Esta de microfibra absorbe mucho, se seca enseguida y ocupa menos que un bote de pelotas cuando la doblas. Incluye una bolsa de malla con cordón.',
      specs: [
        ['Medidas', '40 × 90 cm'],
        ['Material', 'microfibra de secado rápido'],
        ['Incluye', 'bolsa de malla con cordón'],
        ['Colores', 'azul agua con franjas lima'],
      ],
      outro: 'Lávala sin suavizante para que no pierda capacidad de absorción.',
    },
    en: {
      name: 'Club Mistral Microfibre Towel',
      description: 'A compact microfibre towel, required in the gym and perfect for your racket bag.',
      intro:
        'We ask everyone to use a towel on every machine in the gym. This microfibre one absorbs a lot, dries quickly and, folded, takes up less room than a tube of balls. It comes with a drawstring mesh pouch.',
      specs: [
        ['Size', '40 × 90 cm'],
        ['Material', 'quick-dry microfibre'],
        ['Includes', 'drawstring mesh pouch'],
        ['Colours', 'aqua with lime stripes'],
      ],
      outro: 'Wash it without fabric softener so it keeps absorbing well.',
    },
  }),
  product({
    key: 'wristbands-garbi-set',
    type: 'accessories',
    art: 'wristband',
    hue: CORAL,
    price: 11.95,
    stock: 1,
    created: '2025-06-30 09:00',
    es: {
      name: 'Set de cinta y muñequeras Garbí',
      description: 'Una cinta para la frente y dos muñequeras de rizo para que el sudor no llegue a la mano.',
      intro:
        'En los partidos de verano, el sudor que baja por el brazo acaba en el grip y la pala se escurre. Las muñequeras de rizo absorben antes de que llegue a la mano y la cinta mantiene la frente seca y el pelo en su sitio.',
      specs: [
        ['Contenido', '1 cinta y 2 muñequeras'],
        ['Material', 'rizo de algodón con elastano'],
        ['Talla', 'única'],
        ['Colores', 'coral, verde agua y blanco'],
      ],
      outro: '¡Última unidad! Volverán a estar disponibles a principios de temporada.',
    },
    en: {
      name: 'Garbí Headband and Wristband Set',
      description: 'A headband and two terry wristbands to keep sweat away from your hand.',
      intro:
        'In summer matches, sweat running down your arm ends up on the grip and the racket starts to slip. Terry wristbands soak it up before it reaches your hand, and the headband keeps your forehead dry and your hair in place.',
      specs: [
        ['Contents', '1 headband and 2 wristbands'],
        ['Material', 'cotton terry with elastane'],
        ['Size', 'one size'],
        ['Colours', 'coral, aqua and white'],
      ],
      outro: 'Last one left! More will arrive at the start of the season.',
    },
  }),
  product({
    key: 'energy-bars-oat-date-12',
    type: 'accessories',
    art: 'energy-bar',
    hue: '#d97706',
    price: 21.6,
    tax: 10,
    stock: 12,
    created: '2025-03-10 12:00',
    es: {
      name: 'Barritas de avena y dátil, caja de 12',
      description: 'Barritas energéticas con ingredientes naturales, para antes del partido o entre sets.',
      intro:
        'Hechas por un obrador artesano de l’Horta Nord con avena integral, dátiles y almendra marcona, sin azúcares añadidos. Dan energía de liberación progresiva y sientan bien al estómago, así que puedes tomarlas una hora antes de jugar o en un cambio de lado.',
      specs: [
        ['Contenido', '12 barritas de 40 g'],
        ['Ingredientes', 'avena integral, dátil, almendra marcona y canela'],
        ['Energía', '160 kcal por barrita'],
        ['Alérgenos', 'contiene frutos de cáscara y gluten'],
      ],
      outro: 'Son las que recomienda nuestra nutricionista en el blog del club.',
    },
    en: {
      name: 'Oat and Date Bars, Box of 12',
      description: 'Energy bars made with natural ingredients, for before a match or between sets.',
      intro:
        'Made by a small bakery in l’Horta Nord with wholegrain oats, dates and Marcona almonds, with no added sugar. They release energy gradually and are easy on the stomach, so you can have one an hour before playing or at a change of ends.',
      specs: [
        ['Contents', '12 bars of 40 g'],
        ['Ingredients', 'wholegrain oats, dates, Marcona almonds and cinnamon'],
        ['Energy', '160 kcal per bar'],
        ['Allergens', 'contains tree nuts and gluten'],
      ],
      outro: 'These are the bars our nutritionist recommends on the club blog.',
    },
  }),
  product({
    key: 'protein-bar-peanut',
    type: 'accessories',
    art: 'energy-bar',
    hue: '#b45309',
    price: 3.2,
    tax: 10,
    stock: null,
    created: '2025-10-20 12:30',
    es: {
      name: 'Barrita proteica de cacahuete',
      description:
        'Barrita con 20 gramos de proteína para después de entrenar, a la venta también en la cafetería.',
      intro:
        'Después de una sesión de fuerza o de un partido exigente, una pequeña dosis de proteína ayuda a recuperar. Esta barrita de cacahuete tostado y cacao tiene 20 gramos de proteína láctea, poco azúcar y una textura que no se hace bola.',
      specs: [
        ['Peso', '55 g'],
        ['Proteína', '20 g'],
        ['Azúcares', '2,5 g'],
        ['Alérgenos', 'contiene cacahuete y leche'],
      ],
      outro: 'Puedes comprarla aquí y recogerla en la barra de la cafetería.',
    },
    en: {
      name: 'Peanut Protein Bar',
      description: 'A bar with 20 grams of protein for after training, also sold at the café.',
      intro:
        'After a strength session or a demanding match, a small dose of protein helps you recover. This roasted peanut and cocoa bar has 20 grams of milk protein, little sugar and a texture that does not stick to your teeth.',
      specs: [
        ['Weight', '55 g'],
        ['Protein', '20 g'],
        ['Sugars', '2.5 g'],
        ['Allergens', 'contains peanuts and milk'],
      ],
      outro: 'Buy it here and collect it at the café counter.',
    },
  }),
  product({
    key: 'isotonic-lemon-pack-6',
    type: 'accessories',
    art: 'drink-can',
    hue: '#65a30d',
    price: 8.4,
    tax: 10,
    stock: 24,
    created: '2025-06-16 11:00',
    es: {
      name: 'Bebida isotónica de limón, pack de 6',
      description: 'Seis latas de bebida isotónica con sales minerales para reponer lo que pierdes al sudar.',
      intro:
        'En un partido de verano se pueden perder más de dos litros de sudor, y con él sodio y potasio. Esta bebida isotónica de limón repone sales minerales y líquido sin ser empalagosa. Tómala a pequeños sorbos en los cambios de lado.',
      specs: [
        ['Contenido', '6 latas de 330 ml'],
        ['Sabor', 'limón'],
        ['Energía', '80 kcal por lata'],
        ['Minerales', 'sodio, potasio y magnesio'],
      ],
      outro: 'Sírvela fría: la tenemos en la nevera de recepción.',
    },
    en: {
      name: 'Lemon Isotonic Drink, 6-Pack',
      description: 'Six cans of isotonic drink with mineral salts to replace what you lose in sweat.',
      intro:
        'In a summer match you can lose more than two litres of sweat, and with it sodium and potassium. This lemon isotonic drink replaces salts and fluid without being sickly sweet. Sip it at each change of ends.',
      specs: [
        ['Contents', '6 cans of 330 ml'],
        ['Flavour', 'lemon'],
        ['Energy', '80 kcal per can'],
        ['Minerals', 'sodium, potassium and magnesium'],
      ],
      outro: 'Best served cold: we keep it in the fridge at reception.',
    },
  }),

  // Passes and gift cards --------------------------------------------------------------------------
  product({
    key: 'pass-court-5',
    type: 'passes',
    art: 'pass',
    hue: TEAL,
    price: 110,
    stock: null,
    created: '2025-01-02 08:00',
    popular: true,
    es: {
      name: 'Bono 5 reservas de pista',
      description:
        'Cinco reservas de pista de 90 minutos, en cualquier horario y en pista cubierta o exterior.',
      intro:
        'Con el bono de cinco reservas ahorras más de 10 € frente a pagar cada partido por separado. Se descuenta automáticamente al reservar desde la web o en recepción, y puedes usarlo en cualquier franja horaria, también en fin de semana.',
      specs: [
        ['Incluye', '5 reservas de 90 minutos'],
        ['Pistas', 'cubiertas y exteriores'],
        ['Validez', '6 meses desde la compra'],
        ['Cancelación', 'gratuita hasta 24 horas antes'],
      ],
      outro: 'El bono es personal, pero puedes reservar para jugar con quien quieras.',
    },
    en: {
      name: 'Court Pack, 5 Bookings',
      description: 'Five 90-minute court bookings at any time, on covered or outdoor courts.',
      intro:
        'The five-booking pack saves you over €10 compared with paying for each match separately. It is deducted automatically when you book online or at reception, and you can use it at any time of day, weekends included.',
      specs: [
        ['Includes', '5 bookings of 90 minutes'],
        ['Courts', 'covered and outdoor'],
        ['Valid for', '6 months from purchase'],
        ['Cancellation', 'free up to 24 hours before'],
      ],
      outro: 'The pack is personal, but you can book to play with whoever you like.',
    },
  }),
  product({
    key: 'pass-group-classes-10',
    type: 'passes',
    art: 'pass',
    hue: '#1d4ed8',
    price: 150,
    stock: null,
    created: '2025-01-02 08:05',
    popular: true,
    trending: true,
    es: {
      name: 'Bono 10 clases colectivas de pádel',
      description: 'Diez clases de 60 minutos en grupos reducidos de cuatro jugadores del mismo nivel.',
      intro:
        'Nuestras clases colectivas agrupan a cuatro jugadores de nivel parecido con un entrenador titulado. Trabajamos un golpe o una situación de juego en cada sesión y terminamos siempre jugando puntos. Es la forma más eficaz y divertida de mejorar.',
      specs: [
        ['Incluye', '10 clases de 60 minutos'],
        ['Grupo', 'máximo 4 jugadores'],
        ['Niveles', 'iniciación, intermedio y avanzado'],
        ['Validez', '4 meses desde la compra'],
      ],
      outro: 'Si no sabes tu nivel, te hacemos una prueba gratuita antes de asignarte grupo.',
    },
    en: {
      name: 'Group Padel Classes, 10-Class Pass',
      description: 'Ten 60-minute classes in small groups of four players at the same level.',
      intro:
        'Our group classes put four players of a similar level with a qualified coach. Each session works on one shot or game situation and always finishes with live points. It is the most effective — and most fun — way to improve.',
      specs: [
        ['Includes', '10 classes of 60 minutes'],
        ['Group size', 'up to 4 players'],
        ['Levels', 'beginner, intermediate and advanced'],
        ['Valid for', '4 months from purchase'],
      ],
      outro: 'Not sure of your level? We will give you a free assessment before placing you in a group.',
    },
  }),
  product({
    key: 'pass-private-lesson',
    type: 'passes',
    art: 'pass',
    hue: '#7c3aed',
    price: 42,
    stock: null,
    created: '2025-01-02 08:10',
    es: {
      name: 'Clase particular de pádel (60 minutos)',
      description: 'Una hora de clase individual o por parejas con uno de nuestros entrenadores.',
      intro:
        'La clase particular es ideal para corregir un golpe concreto, preparar un torneo o empezar desde cero con toda la atención del entrenador. Puedes venir solo o con tu pareja de juego: el precio es el mismo.',
      specs: [
        ['Duración', '60 minutos'],
        ['Alumnos', '1 o 2'],
        ['Incluye', 'pista, cesta de pelotas y vídeo del golpe que trabajes'],
        ['Reserva', 'en la web o en recepción'],
      ],
      outro: 'Elige entrenador al reservar o deja que te recomendemos el más adecuado para tu objetivo.',
    },
    en: {
      name: 'Private Padel Lesson (60 Minutes)',
      description: 'One hour of one-to-one or pair coaching with one of our coaches.',
      intro:
        'A private lesson is perfect for fixing a specific shot, preparing for a tournament or starting from scratch with the coach’s full attention. Come on your own or with your playing partner: the price is the same.',
      specs: [
        ['Length', '60 minutes'],
        ['Players', '1 or 2'],
        ['Includes', 'court, ball basket and video of the shot you work on'],
        ['Booking', 'online or at reception'],
      ],
      outro: 'Choose a coach when you book, or let us recommend the right one for your goal.',
    },
  }),
  product({
    key: 'pass-private-lessons-5',
    type: 'passes',
    art: 'pass',
    hue: '#4338ca',
    price: 195,
    stock: null,
    created: '2025-01-02 08:15',
    es: {
      name: 'Bono 5 clases particulares',
      description: 'Cinco clases particulares de 60 minutos con un plan de trabajo personalizado.',
      intro:
        'Con cinco sesiones hay tiempo para notar un cambio real. En la primera clase el entrenador analiza tu juego y te propone un plan; en las siguientes trabajáis los puntos clave y al final recibes un resumen con ejercicios para seguir practicando.',
      specs: [
        ['Incluye', '5 clases de 60 minutos'],
        ['Alumnos', '1 o 2 por clase'],
        ['Validez', '3 meses desde la compra'],
        ['Ahorro', '15 € frente a las clases sueltas'],
      ],
      outro: 'Puedes repartir las clases entre dos entrenadores si lo prefieres.',
    },
    en: {
      name: 'Private Lessons, 5-Lesson Pass',
      description: 'Five 60-minute private lessons with a personal training plan.',
      intro:
        'Five sessions give you time to notice a real change. In the first lesson your coach analyses your game and suggests a plan; in the next ones you work on the key points, and at the end you get a summary with drills to keep practising.',
      specs: [
        ['Includes', '5 lessons of 60 minutes'],
        ['Players', '1 or 2 per lesson'],
        ['Valid for', '3 months from purchase'],
        ['Saving', '€15 compared with single lessons'],
      ],
      outro: 'You can split the lessons between two coaches if you prefer.',
    },
  }),
  product({
    key: 'pass-fitness-monthly',
    type: 'passes',
    art: 'pass',
    hue: CORAL,
    price: 39.9,
    stock: null,
    created: '2025-01-02 08:20',
    popular: true,
    es: {
      name: 'Cuota mensual de fitness sin permanencia',
      description: 'Acceso libre a la sala de fitness y a todas las clases colectivas durante un mes.',
      intro:
        'La cuota de fitness incluye la sala de fuerza y cardio, más de 35 clases colectivas a la semana y una sesión de bienvenida con un entrenador para preparar tu plan. Sin matrícula y sin permanencia: te das de baja cuando quieras.',
      specs: [
        ['Incluye', 'sala de fitness, clases colectivas y vestuarios'],
        ['Horario', 'todo el horario de apertura del club'],
        ['Bienvenida', 'una sesión de valoración y plan inicial'],
        ['Permanencia', 'ninguna'],
      ],
      outro: 'Los socios de pádel tienen la cuota de fitness a mitad de precio.',
    },
    en: {
      name: 'Monthly Fitness Membership, No Lock-In',
      description: 'Unlimited access to the gym and every group class for one month.',
      intro:
        'The fitness membership covers the strength and cardio gym, over 35 group classes a week and a welcome session with a trainer to build your plan. No joining fee and no lock-in: cancel whenever you like.',
      specs: [
        ['Includes', 'gym, group classes and changing rooms'],
        ['Hours', 'all club opening hours'],
        ['Welcome', 'one assessment and starter plan session'],
        ['Lock-in', 'none'],
      ],
      outro: 'Padel members get the fitness membership at half price.',
    },
  }),
  product({
    key: 'pass-personal-training-10',
    type: 'passes',
    art: 'pass',
    hue: '#1e3a5f',
    price: 250,
    stock: null,
    created: '2025-02-24 08:00',
    es: {
      name: 'Bono 10 sesiones de entrenamiento personal',
      description: 'Diez sesiones de 50 minutos con un entrenador personal y seguimiento de tu progreso.',
      intro:
        'El entrenamiento personal es para quien quiere resultados con un objetivo claro: ganar fuerza para el pádel, volver tras una lesión, perder peso o preparar una carrera. Tu entrenador diseña cada sesión y revisa contigo los avances cada mes.',
      specs: [
        ['Incluye', '10 sesiones de 50 minutos'],
        ['Valoración', 'inicial y de seguimiento'],
        ['Validez', '4 meses desde la compra'],
        ['Lugar', 'sala de fitness o pista exterior'],
      ],
      outro: 'Puedes compartir el bono con otra persona en sesiones por parejas.',
    },
    en: {
      name: 'Personal Training, 10-Session Pass',
      description: 'Ten 50-minute sessions with a personal trainer and regular progress checks.',
      intro:
        'Personal training is for people who want results towards a clear goal: getting stronger for padel, coming back from injury, losing weight or preparing for a race. Your trainer designs every session and reviews your progress with you each month.',
      specs: [
        ['Includes', '10 sessions of 50 minutes'],
        ['Assessment', 'initial and follow-up'],
        ['Valid for', '4 months from purchase'],
        ['Where', 'gym or outdoor court'],
      ],
      outro: 'You can share the pass with someone else for paired sessions.',
    },
  }),
  product({
    key: 'pass-fitness-day',
    type: 'passes',
    art: 'pass',
    hue: '#0891b2',
    price: 9,
    stock: null,
    created: '2025-06-02 08:00',
    es: {
      name: 'Pase de día de fitness',
      description:
        'Un día completo de sala de fitness y clases colectivas, ideal si estás de visita en València.',
      intro:
        '¿Estás de vacaciones o quieres probar el club antes de hacerte socio? Con el pase de día tienes acceso a la sala de fitness, a las clases colectivas con plazas libres y a los vestuarios durante todo el día de la fecha que elijas.',
      specs: [
        ['Incluye', 'sala de fitness, clases con plaza libre y vestuarios'],
        ['Validez', 'el día elegido, en horario de apertura'],
        ['Requisito', 'presentar un documento de identidad en recepción'],
        ['Toalla', 'obligatoria, también de alquiler en recepción'],
      ],
      outro: 'Si te haces socio en los 7 días siguientes, te descontamos el importe del pase.',
    },
    en: {
      name: 'Fitness Day Pass',
      description: 'A full day of gym and group classes, ideal if you are visiting València.',
      intro:
        'On holiday, or want to try the club before joining? The day pass gives you access to the gym, to any group class with free places and to the changing rooms for the whole of the day you choose.',
      specs: [
        ['Includes', 'gym, classes with free places and changing rooms'],
        ['Valid', 'on the chosen day, during opening hours'],
        ['Required', 'photo ID at reception'],
        ['Towel', 'required; you can also rent one at reception'],
      ],
      outro: 'Join within 7 days and we will take the price of the pass off your membership.',
    },
  }),
  product({
    key: 'pass-summer-camp-week',
    type: 'passes',
    art: 'pass',
    hue: '#16a34a',
    price: 145,
    stock: 12,
    created: '2026-04-27 08:00',
    es: {
      name: 'Campus de verano, una semana',
      description: 'Una semana de campus de pádel y multideporte para niños de 6 a 14 años, de 9:00 a 14:00.',
      intro:
        'El campus combina dos horas diarias de pádel por niveles con juegos, multideporte y un rato de piscina en el polideportivo vecino. Los grupos son de ocho niños como máximo por monitor, y el viernes cerramos la semana con un minitorneo con medallas para todos.',
      specs: [
        ['Edades', '6 a 14 años'],
        ['Horario', 'de lunes a viernes, de 9:00 a 14:00'],
        ['Incluye', 'almuerzo saludable, camiseta y seguro'],
        ['Plazas', 'limitadas por semana'],
      ],
      outro: 'Hermanos y alumnos de la academia tienen un 10 % de descuento.',
    },
    en: {
      name: 'Summer Camp, One Week',
      description: 'A week of padel and multi-sport camp for children aged 6 to 14, from 9 am to 2 pm.',
      intro:
        'The camp combines two hours of padel a day, grouped by level, with games, other sports and some pool time at the sports centre next door. Groups have no more than eight children per coach, and on Friday we finish the week with a mini tournament and medals for everyone.',
      specs: [
        ['Ages', '6 to 14'],
        ['Hours', 'Monday to Friday, 9 am to 2 pm'],
        ['Includes', 'healthy mid-morning snack, T-shirt and insurance'],
        ['Places', 'limited each week'],
      ],
      outro: 'Siblings and academy students get 10% off.',
    },
  }),
  ...[25, 50, 100].map((amount, i) =>
    product({
      key: `gift-card-${amount}`,
      type: 'passes',
      art: 'voucher',
      hue: [CORAL, '#db2777', '#7c3aed'][i] ?? CORAL,
      price: amount,
      stock: null,
      created: `2025-11-${17 + i} 09:00`,
      popular: amount === 50,
      es: {
        name: `Tarjeta regalo de ${amount} €`,
        description: `Regala pádel y fitness: ${amount} € para reservas, clases, cuotas o cualquier producto de la tienda.`,
        intro: `La tarjeta regalo de ${amount} € se carga en la cuenta de cliente de quien la recibe y se puede usar en la web o en recepción, en una o varias compras. Te la enviamos por correo electrónico en formato digital, lista para imprimir o reenviar.`,
        specs: [
          ['Importe', `${amount} €`],
          ['Uso', 'reservas, clases, cuotas y tienda'],
          ['Validez', '12 meses desde la compra'],
          ['Formato', 'digital, por correo electrónico'],
        ],
        outro:
          'Quien la recibe puede consultar el saldo en cualquier momento en su área de cliente, en «Bonos».',
      },
      en: {
        name: `€${amount} Gift Card`,
        description: `Give padel and fitness: €${amount} to spend on court bookings, classes, memberships or anything in the shop.`,
        intro: `The €${amount} gift card is loaded onto the recipient’s customer account and can be used online or at reception, in one purchase or several. We send it by email as a digital card, ready to print or forward.`,
        specs: [
          ['Amount', `€${amount}`],
          ['Use', 'bookings, classes, memberships and shop'],
          ['Valid for', '12 months from purchase'],
          ['Format', 'digital, sent by email'],
        ],
        outro: 'The recipient can check the balance at any time under Vouchers in their account.',
      },
    }),
  ),
]

// ---------------------------------------------------------------------------------------------
// Blog

const AUTHORS = {
  marta: 'Marta Soler',
  pablo: 'Pablo Navarro',
  javier: 'Javier Ortega',
  lucia: 'Lucía Ferrer',
  nuria: 'Nuria Climent',
} as const

type PostCategory = 'tournaments' | 'technique' | 'fitness' | 'nutrition' | 'club' | 'academy'

const CATEGORIES: Record<PostCategory, { es: string; en: string; hue: string }> = {
  tournaments: { es: 'Torneos', en: 'Tournaments', hue: '#1d4ed8' },
  technique: { es: 'Técnica', en: 'Technique', hue: TEAL },
  fitness: { es: 'Preparación física', en: 'Fitness', hue: '#7c3aed' },
  nutrition: { es: 'Nutrición', en: 'Nutrition', hue: '#0891b2' },
  club: { es: 'Noticias del club', en: 'Club news', hue: '#334155' },
  academy: { es: 'Academia junior', en: 'Junior academy', hue: '#db2777' },
}

interface PostSpec {
  key: string
  category: PostCategory
  art: PostArt
  author: keyof typeof AUTHORS
  /** 'YYYY-MM-DD HH:MM', UTC. */
  created: string
  hue?: string
  es: { title: string; text: string }
  en: { title: string; text: string }
}

function post(spec: PostSpec): DemoPost {
  const category = CATEGORIES[spec.category]
  return {
    key: spec.key,
    title: { 'es-ES': spec.es.title, 'en-US': spec.en.title },
    smalText: { 'es-ES': `<strong>${category.es}</strong>`, 'en-US': `<strong>${category.en}</strong>` },
    text: { 'es-ES': html(spec.es.text), 'en-US': html(spec.en.text) },
    image: { kind: spec.art, hue: spec.hue ?? category.hue, file: `demo/posts/${spec.key}.svg` },
    author: AUTHORS[spec.author],
    created: at(spec.created),
  }
}

export const demoPosts: DemoPost[] = [
  // Tournaments ----------------------------------------------------------------------------------
  post({
    key: 'open-primavera-2025',
    category: 'tournaments',
    art: 'trophy',
    author: 'marta',
    created: '2025-03-10 08:30',
    es: {
      title: 'Abiertas las inscripciones del Open de Primavera 2025',
      text: `
        <p>Del 4 al 6 de abril celebramos la séptima edición del Open de Primavera, el torneo más concurrido del año en el club. Como siempre, habrá cuadros para todos los niveles y premios para los campeones y finalistas de cada categoría.</p>
        <h3>Categorías</h3>
        <ul>
        <li>Masculina y femenina: primera, segunda y tercera.</li>
        <li>Mixta: categoría única, con cuadro de consolación.</li>
        <li>Iniciación: para parejas que nunca han jugado un torneo.</li>
        </ul>
        <h3>Cómo apuntarse</h3>
        <p>La inscripción cuesta 25 € por jugador e incluye camiseta técnica, bolsa con fruta y bebida isotónica y acceso a la paella de clausura del domingo. Podéis apuntaros en recepción o escribiendo a hola@clubmistral.es con los nombres de la pareja, la categoría y vuestros teléfonos, hasta el martes 1 de abril a las 21:00.</p>
        <p>Publicaremos los cuadros y los horarios el miércoles 2 de abril en el tablón del club y en nuestras redes. Si tenéis alguna restricción horaria, indicadla al inscribiros y haremos lo posible por respetarla.</p>
        <h3>Normas básicas</h3>
        <p>Los partidos se juegan al mejor de tres sets con punto de oro y súper tie-break en el tercero. La pelota oficial es la Xaloc Pro y cada partido empieza con un bote nuevo. Os pedimos llegar 15 minutos antes de vuestra hora para calentar sin prisas.</p>
        <p>¡Os esperamos en pista!</p>
      `,
    },
    en: {
      title: 'Entries open for the 2025 Spring Open',
      text: `
        <p>From 4 to 6 April we are holding the seventh Spring Open, the busiest tournament of the year at the club. As always there will be draws for every level, with prizes for the winners and runners-up in each category.</p>
        <h3>Categories</h3>
        <ul>
        <li>Men’s and women’s: first, second and third division.</li>
        <li>Mixed: a single category with a consolation draw.</li>
        <li>Beginners: for pairs who have never played a tournament.</li>
        </ul>
        <h3>How to enter</h3>
        <p>Entry costs €25 per player and includes a technical T-shirt, a bag with fruit and an isotonic drink, and a place at the closing paella on Sunday. Sign up at reception or email hola@clubmistral.es with both players’ names, your category and your phone numbers, by 9 pm on Tuesday 1 April.</p>
        <p>We will publish the draws and the order of play on Wednesday 2 April on the club noticeboard and on social media. If there are times you cannot play, tell us when you enter and we will do our best to work around them.</p>
        <h3>The basics</h3>
        <p>Matches are best of three sets, with golden point and a match tie-break instead of a third set. The official ball is the Xaloc Pro, and every match starts with a new tube. Please arrive 15 minutes before your time so you can warm up properly.</p>
        <p>See you on court!</p>
      `,
    },
  }),
  post({
    key: 'open-primavera-2025-resultados',
    category: 'tournaments',
    art: 'trophy',
    author: 'nuria',
    created: '2025-04-08 17:00',
    hue: '#0f4c81',
    es: {
      title: 'Así fue el Open de Primavera: 96 parejas y un domingo de finales',
      text: `
        <p>El Open de Primavera 2025 ha batido todos los récords: 96 parejas inscritas, 180 partidos en tres días y una grada llena para las finales del domingo. Gracias a todos los que jugasteis, a los que vinisteis a animar y al equipo del club, que hizo posible que todo funcionara a tiempo.</p>
        <h3>Los campeones</h3>
        <ul>
        <li><strong>Primera masculina:</strong> Álex Peris y Jordi Climent, en un partidazo que se decidió en el súper tie-break.</li>
        <li><strong>Primera femenina:</strong> Carla Vidal y Sara Monzó, que no cedieron ni un set en todo el torneo.</li>
        <li><strong>Mixta:</strong> Inés Gómez y Rubén Sanchis, socios del club desde hace más de diez años.</li>
        <li><strong>Iniciación:</strong> Paula y Mario Llorca, madre e hijo, que se llevaron el aplauso más largo del fin de semana.</li>
        </ul>
        <p>Podéis consultar todos los resultados en el tablón de recepción. Las fotos del torneo ya están en nuestra galería y en Instagram; si apareces en alguna y quieres que la retiremos, escríbenos y lo hacemos de inmediato.</p>
        <h3>Gracias a quien lo hace posible</h3>
        <p>Queremos agradecer especialmente el apoyo de nuestros patrocinadores, que aportaron las pelotas, los premios y los obsequios de bienvenida, y a los voluntarios de la academia junior, que ayudaron con las pelotas y los marcadores durante todo el fin de semana.</p>
        <p>La próxima cita es la liga interna de otoño. ¡Nos vemos en septiembre!</p>
      `,
    },
    en: {
      title: 'Spring Open recap: 96 pairs and a Sunday of finals',
      text: `
        <p>The 2025 Spring Open broke every record: 96 pairs entered, 180 matches over three days and packed stands for Sunday’s finals. Thank you to everyone who played, everyone who came to cheer, and the club team who kept everything running on time.</p>
        <h3>The champions</h3>
        <ul>
        <li><strong>Men’s first division:</strong> Álex Peris and Jordi Climent, in a thriller decided on the match tie-break.</li>
        <li><strong>Women’s first division:</strong> Carla Vidal and Sara Monzó, who did not drop a set all weekend.</li>
        <li><strong>Mixed:</strong> Inés Gómez and Rubén Sanchis, club members for more than ten years.</li>
        <li><strong>Beginners:</strong> Paula and Mario Llorca, mother and son, who got the longest round of applause of the weekend.</li>
        </ul>
        <p>All the results are on the noticeboard at reception. Tournament photos are already in our gallery and on Instagram; if you appear in one and would like it taken down, just let us know and we will remove it straight away.</p>
        <h3>Thank you</h3>
        <p>A special thank you to our sponsors, who provided the balls, the prizes and the welcome gifts, and to the junior academy volunteers who helped with ball collecting and scoreboards all weekend long.</p>
        <p>Next up is the autumn club league. See you in September!</p>
      `,
    },
  }),
  post({
    key: 'americanas-de-los-viernes',
    category: 'tournaments',
    art: 'court',
    author: 'marta',
    created: '2025-05-20 09:15',
    hue: '#2563eb',
    es: {
      title: 'Americanas de los viernes: qué son y cómo apuntarte',
      text: `
        <p>Cada viernes a las 19:30 organizamos una americana en el club. Si todavía no has probado este formato, es la mejor manera de conocer gente de tu nivel, jugar mucho en poco tiempo y terminar la semana con una sonrisa.</p>
        <h3>Cómo funciona</h3>
        <p>En una americana no juegas siempre con la misma pareja. Te apuntas de forma individual y, en cada ronda de 20 minutos, el sistema te asigna un compañero y unos rivales distintos. Cada juego que ganas suma puntos a tu marcador personal, y al final de la noche el jugador o jugadora con más puntos se lleva un bote de pelotas y la gloria.</p>
        <ul>
        <li>Duración: unas dos horas, con seis rondas.</li>
        <li>Niveles: organizamos dos grupos, de iniciación-intermedio e intermedio-avanzado.</li>
        <li>Precio: 12 € por persona, con bebida incluida al terminar.</li>
        </ul>
        <h3>Inscripción</h3>
        <p>Las plazas se abren cada lunes en recepción y suelen agotarse antes del miércoles, así que no lo dejes para el último momento. Si te apuntas y no puedes venir, avísanos cuanto antes para dar tu plaza a la lista de espera.</p>
        <p>Nuestro consejo: ven con ganas de pasarlo bien más que de ganar. Las mejores amistades del club han nacido en una americana de viernes.</p>
      `,
    },
    en: {
      title: 'Friday americanos: what they are and how to join',
      text: `
        <p>Every Friday at 7:30 pm we run an americano at the club. If you have not tried the format yet, it is the best way to meet people at your level, play a lot in a short time and end the week on a high.</p>
        <h3>How it works</h3>
        <p>In an americano you do not play with the same partner all night. You sign up on your own and, in each 20-minute round, you are given a new partner and new opponents. Every game you win adds points to your personal score, and at the end of the evening the player with the most points takes home a tube of balls and the bragging rights.</p>
        <ul>
        <li>Length: about two hours, six rounds.</li>
        <li>Levels: two groups, beginner-intermediate and intermediate-advanced.</li>
        <li>Price: €12 per person, with a drink afterwards.</li>
        </ul>
        <h3>Signing up</h3>
        <p>Places open every Monday at reception and are usually gone by Wednesday, so do not leave it to the last minute. If you sign up and then cannot come, let us know as soon as possible so we can give your place to someone on the waiting list.</p>
        <p>Our advice: come to have fun rather than to win. Some of the club’s best friendships started at a Friday americano.</p>
      `,
    },
  }),
  post({
    key: 'liga-interna-otono-2025',
    category: 'tournaments',
    art: 'calendar',
    author: 'marta',
    created: '2025-09-01 07:45',
    es: {
      title: 'Vuelve la liga interna: inscripciones para la temporada de otoño',
      text: `
        <p>Después del verano vuelve la competición que más engancha del club: la liga interna por parejas. Es una forma estupenda de tener partidos asegurados cada semana contra rivales de tu nivel, sin tener que organizar nada.</p>
        <h3>Formato</h3>
        <p>Las parejas se reparten en grupos de seis según su nivel. Durante diez semanas jugaréis contra todas las parejas de vuestro grupo, con ida y vuelta en los grupos más pequeños. Vosotros acordáis el día y la hora de cada partido con los rivales y reserváis la pista con un 20 % de descuento.</p>
        <ul>
        <li>Inicio: lunes 22 de septiembre.</li>
        <li>Final de la fase regular: domingo 30 de noviembre.</li>
        <li>Fase final: los dos primeros de cada grupo juegan un cuadro eliminatorio en diciembre.</li>
        </ul>
        <h3>Ascensos y descensos</h3>
        <p>Los campeones de cada grupo suben de categoría en la temporada de invierno y los últimos bajan. Así, jornada a jornada, cada pareja acaba encontrando su sitio y los partidos se vuelven cada vez más igualados.</p>
        <h3>Precio e inscripción</h3>
        <p>La inscripción cuesta 30 € por pareja y las plazas están limitadas a 72 parejas. Apuntaos en recepción antes del 17 de septiembre. Si buscas pareja, dínoslo: tenemos una lista de jugadores sueltos y solemos encontrar compañero para casi todo el mundo.</p>
      `,
    },
    en: {
      title: 'The club league is back: autumn season entries open',
      text: `
        <p>After the summer, the club’s most addictive competition is back: the pairs league. It is a great way to have guaranteed matches every week against opponents at your level, without having to organise a thing.</p>
        <h3>Format</h3>
        <p>Pairs are placed in groups of six by level. Over ten weeks you play every pair in your group, home and away in the smaller groups. You agree the day and time of each match with your opponents and book the court with a 20% discount.</p>
        <ul>
        <li>Start: Monday 22 September.</li>
        <li>End of the regular season: Sunday 30 November.</li>
        <li>Finals: the top two in each group play a knockout draw in December.</li>
        </ul>
        <h3>Promotion and relegation</h3>
        <p>Group winners move up a division for the winter season and the bottom pairs move down. Week by week, every pair finds its level and the matches get closer and closer.</p>
        <h3>Price and entry</h3>
        <p>Entry costs €30 per pair, and places are limited to 72 pairs. Sign up at reception before 17 September. Looking for a partner? Tell us: we keep a list of players without a pair and usually find someone for almost everyone.</p>
      `,
    },
  }),
  post({
    key: 'torneo-solidario-navidad-2025',
    category: 'tournaments',
    art: 'trophy',
    author: 'nuria',
    created: '2025-12-01 10:00',
    hue: '#be123c',
    es: {
      title: 'Torneo solidario de Navidad: jugamos por el banco de alimentos',
      text: `
        <p>El sábado 20 de diciembre celebramos nuestro torneo solidario de Navidad. Este año, todo lo recaudado irá destinado al banco de alimentos de nuestro barrio, que en estas fechas atiende a más familias que nunca.</p>
        <h3>Cómo participar</h3>
        <p>La inscripción es de 15 € por jugador, o 10 € más dos kilos de alimentos no perecederos. Se juega en formato americana, de 10:00 a 14:00, con grupos por nivel para que todo el mundo disfrute. No hace falta venir con pareja.</p>
        <ul>
        <li>Alimentos más necesarios: aceite, legumbres, leche, conservas de pescado y productos de higiene infantil.</li>
        <li>Premios: sorteo de una pala Tramontana, bonos de clases y material de nuestros patrocinadores.</li>
        <li>Almuerzo: chocolate con buñuelos para jugadores y acompañantes.</li>
        </ul>
        <h3>Si no juegas, también puedes ayudar</h3>
        <p>Durante todo el mes de diciembre tendremos un punto de recogida en recepción. Y si te apetece echar una mano el día del torneo con la organización, el almuerzo o los marcadores, escríbenos: toda ayuda es bienvenida.</p>
        <p>El año pasado conseguimos reunir más de 900 kilos de alimentos. Este año queremos superar la tonelada. ¿Nos ayudas?</p>
      `,
    },
    en: {
      title: 'Christmas charity tournament: playing for the food bank',
      text: `
        <p>On Saturday 20 December we are holding our Christmas charity tournament. This year, everything we raise goes to our neighbourhood food bank, which is helping more families than ever at this time of year.</p>
        <h3>How to take part</h3>
        <p>Entry is €15 per player, or €10 plus two kilos of non-perishable food. It is played as an americano from 10 am to 2 pm, with groups by level so that everyone enjoys it. You do not need to bring a partner.</p>
        <ul>
        <li>Most needed items: cooking oil, pulses, milk, tinned fish and baby hygiene products.</li>
        <li>Prizes: a prize draw for a Tramontana racket, class passes and goodies from our sponsors.</li>
        <li>Mid-morning treat: hot chocolate and buñuelos for players and supporters.</li>
        </ul>
        <h3>Not playing? You can still help</h3>
        <p>Throughout December there will be a collection point at reception. And if you would like to lend a hand on the day with the organisation, the food or the scoreboards, drop us a line: all help is welcome.</p>
        <p>Last year we collected more than 900 kilos of food. This year we want to pass the one-tonne mark. Will you help us?</p>
      `,
    },
  }),
  post({
    key: 'open-primavera-2026',
    category: 'tournaments',
    art: 'trophy',
    author: 'marta',
    created: '2026-03-02 08:00',
    es: {
      title: 'Open de Primavera 2026: novedades de la octava edición',
      text: `
        <p>El Open de Primavera cumple ocho ediciones y llega con cambios que nos habéis pedido en las encuestas del año pasado. Se jugará del 10 al 12 de abril y las inscripciones ya están abiertas en recepción y por correo electrónico.</p>
        <h3>Qué cambia este año</h3>
        <ul>
        <li><strong>Cuadro de veteranos:</strong> nueva categoría para parejas en las que ambos jugadores tengan 45 años o más.</li>
        <li><strong>Horarios más cortos:</strong> limitamos a dos partidos por día y pareja para que nadie termine agotado el domingo.</li>
        <li><strong>Resultados en directo:</strong> podréis seguir los cuadros desde el móvil con un enlace que enviaremos a todos los inscritos.</li>
        </ul>
        <h3>Lo que se mantiene</h3>
        <p>Siguen las categorías masculina, femenina y mixta por niveles, el cuadro de iniciación para quien se estrena en competición y la paella de clausura en la terraza. La inscripción sigue costando 25 € por jugador, con camiseta y bolsa de bienvenida.</p>
        <h3>Plazos</h3>
        <p>Podéis inscribiros hasta el martes 7 de abril a las 21:00. Los cuadros se publicarán el miércoles 8. Recordad que los socios tienen prioridad de inscripción hasta el 20 de marzo y que el número de parejas por categoría es limitado.</p>
        <p>Nos vemos en pista. ¡Que empiece la temporada de torneos!</p>
      `,
    },
    en: {
      title: '2026 Spring Open: what is new in the eighth edition',
      text: `
        <p>The Spring Open reaches its eighth edition with changes you asked for in last year’s surveys. It runs from 10 to 12 April, and entries are now open at reception and by email.</p>
        <h3>What is changing</h3>
        <ul>
        <li><strong>Veterans’ draw:</strong> a new category for pairs where both players are 45 or over.</li>
        <li><strong>Shorter days:</strong> a maximum of two matches per pair per day, so nobody is exhausted by Sunday.</li>
        <li><strong>Live results:</strong> follow the draws on your phone with a link we will send to every player.</li>
        </ul>
        <h3>What stays the same</h3>
        <p>Men’s, women’s and mixed categories by level remain, along with the beginners’ draw for first-time competitors and the closing paella on the terrace. Entry is still €25 per player, including a T-shirt and welcome bag.</p>
        <h3>Deadlines</h3>
        <p>You can enter until 9 pm on Tuesday 7 April. Draws will be published on Wednesday 8. Remember that members get priority entry until 20 March, and the number of pairs per category is limited.</p>
        <p>See you on court. Let tournament season begin!</p>
      `,
    },
  }),
  post({
    key: 'torneo-mixto-verano-2026',
    category: 'tournaments',
    art: 'court',
    author: 'nuria',
    created: '2026-06-15 09:30',
    hue: '#0369a1',
    es: {
      title: 'Torneo mixto nocturno de verano',
      text: `
        <p>Cuando aprieta el calor, en el club jugamos de noche. Los días 10, 11 y 12 de julio celebramos el torneo mixto nocturno, con partidos de 20:00 a 23:30 bajo la nueva iluminación de las pistas exteriores y música en la terraza.</p>
        <h3>Formato</h3>
        <p>Es un torneo por parejas mixtas con fase de grupos y cuadro final. Todas las parejas juegan al menos tres partidos, a un set largo de nueve juegos con punto de oro. Así los partidos son ágiles y hay tiempo para quedarse a cenar después.</p>
        <ul>
        <li>Niveles: A (avanzado), B (intermedio) y C (iniciación).</li>
        <li>Inscripción: 20 € por jugador, con camiseta y una consumición.</li>
        <li>Premios: material deportivo y bonos de pista para las parejas campeonas y finalistas.</li>
        </ul>
        <h3>La cena del sábado</h3>
        <p>El sábado, después de las finales, organizamos una cena de sobaquillo en la terraza para jugadores y acompañantes. Cada uno trae algo para compartir y el club pone la bebida y el postre. Es una de las noches más bonitas del año en Mistral.</p>
        <p>Inscripciones en recepción hasta el 6 de julio. ¿Todavía no tienes pareja? Te ayudamos a encontrarla.</p>
      `,
    },
    en: {
      title: 'Summer mixed night tournament',
      text: `
        <p>When the heat is on, we play at night. On 10, 11 and 12 July we are holding the mixed night tournament, with matches from 8 to 11:30 pm under the new lighting on the outdoor courts and music on the terrace.</p>
        <h3>Format</h3>
        <p>It is a mixed pairs tournament with a group stage and a knockout draw. Every pair plays at least three matches, each a single nine-game set with golden point. Matches are quick, and there is time to stay for dinner afterwards.</p>
        <ul>
        <li>Levels: A (advanced), B (intermediate) and C (beginner).</li>
        <li>Entry: €20 per player, with a T-shirt and a drink.</li>
        <li>Prizes: sports kit and court passes for the winners and runners-up.</li>
        </ul>
        <h3>Saturday dinner</h3>
        <p>On Saturday, after the finals, we hold a bring-and-share dinner on the terrace for players and their families and friends. Everyone brings something to share, and the club provides drinks and dessert. It is one of the loveliest nights of the year at Mistral.</p>
        <p>Sign up at reception by 6 July. No partner yet? We will help you find one.</p>
      `,
    },
  }),

  // Technique ------------------------------------------------------------------------------------
  post({
    key: 'bandeja-paso-a-paso',
    category: 'technique',
    art: 'technique',
    author: 'marta',
    created: '2025-02-03 08:00',
    es: {
      title: 'La bandeja, paso a paso',
      text: `
        <p>La bandeja es probablemente el golpe más característico del pádel. No busca ganar el punto, sino recuperar la red cuando el rival te ha lanzado un globo que no puedes rematar con garantías. Bien ejecutada, te permite seguir mandando en el punto.</p>
        <h3>1. Colócate de perfil cuanto antes</h3>
        <p>En cuanto veas salir el globo, gira los hombros y ponte de lado, con el hombro contrario apuntando a la bola. Desplázate hacia atrás con pasos laterales o cruzados, nunca de espaldas a la red.</p>
        <h3>2. Prepara la pala alta</h3>
        <p>Lleva la pala por encima de la cabeza, con la cara ligeramente abierta y el codo a la altura del hombro. El brazo libre acompaña y te ayuda a medir la distancia con la bola.</p>
        <h3>3. Golpea por delante y corta la bola</h3>
        <p>El impacto debe producirse por delante del cuerpo y a la altura de la cabeza, con un movimiento de arriba abajo y de fuera hacia dentro que imprima efecto cortado. La bola tiene que salir rasante y botar cerca de la pared del fondo rival, sin dar opción a un contraataque fácil.</p>
        <h3>Errores frecuentes</h3>
        <ul>
        <li>Querer pegar demasiado fuerte: la bandeja es control, no potencia.</li>
        <li>Dejar que la bola caiga por detrás de la cabeza.</li>
        <li>Quedarse mirando el golpe en lugar de volver a la red.</li>
        </ul>
        <p>En las clínicas de técnica de los jueves dedicamos una sesión completa a la bandeja. ¡Apúntate en recepción!</p>
      `,
    },
    en: {
      title: 'The bandeja, step by step',
      text: `
        <p>The bandeja is probably padel’s signature shot. Its aim is not to win the point but to keep your position at the net when your opponents lob you and you cannot smash safely. Played well, it keeps you in control of the rally.</p>
        <h3>1. Turn sideways early</h3>
        <p>As soon as you see the lob go up, turn your shoulders and get side-on, with your non-hitting shoulder pointing at the ball. Move back with side steps or crossover steps, never with your back to the net.</p>
        <h3>2. Racket up</h3>
        <p>Take the racket above your head with the face slightly open and your elbow at shoulder height. Your free arm comes up too and helps you judge the distance to the ball.</p>
        <h3>3. Hit in front and slice</h3>
        <p>Contact should be in front of your body at head height, with a high-to-low, outside-to-inside swing that puts slice on the ball. It should travel low and bounce close to your opponents’ back wall, so they have no easy counter-attack.</p>
        <h3>Common mistakes</h3>
        <ul>
        <li>Trying to hit too hard: the bandeja is about control, not power.</li>
        <li>Letting the ball drop behind your head.</li>
        <li>Admiring your shot instead of moving back to the net.</li>
        </ul>
        <p>Our Thursday technique clinics spend a whole session on the bandeja. Sign up at reception!</p>
      `,
    },
  }),
  post({
    key: 'como-elegir-pala',
    category: 'technique',
    art: 'technique',
    author: 'marta',
    created: '2025-03-24 09:00',
    hue: '#0e7490',
    es: {
      title: 'Cómo elegir pala sin equivocarte',
      text: `
        <p>Es la pregunta que más nos hacen en la tienda: ¿qué pala me compro? No hay una respuesta única, pero sí tres preguntas que te ayudarán a acertar.</p>
        <h3>1. ¿Qué forma te conviene?</h3>
        <ul>
        <li><strong>Redonda:</strong> punto dulce grande y centrado, mucho control y tolerancia. Ideal si empiezas o si tu juego es de colocar.</li>
        <li><strong>Lágrima:</strong> el término medio. Combina salida de bola y manejabilidad.</li>
        <li><strong>Diamante:</strong> punto dulce alto y más potencia en el remate, pero exige técnica y castiga más los golpes descentrados.</li>
        </ul>
        <h3>2. ¿Cuánto debe pesar?</h3>
        <p>La mayoría de palas de adulto pesan entre 350 y 375 gramos. Una pala ligera es más rápida y cuida el brazo; una pesada da más estabilidad y potencia, pero cansa antes. Si tienes molestias en el codo o el hombro, empieza por el rango bajo.</p>
        <h3>3. ¿Goma blanda o dura?</h3>
        <p>Las gomas blandas dan salida de bola con poco esfuerzo y amortiguan las vibraciones. Las duras ofrecen más control y potencia a quien golpea fuerte, pero requieren buena técnica y un brazo preparado.</p>
        <h3>Nuestro consejo</h3>
        <p>Pruébala antes de comprarla. En recepción tenemos palas de prueba de casi todos los modelos de la tienda, y nuestros entrenadores te pueden ver jugar diez minutos y recomendarte la que mejor encaja con tu juego. Una pala cara no te hará mejor jugador; una pala adecuada, sí te ayudará a disfrutar más.</p>
      `,
    },
    en: {
      title: 'How to choose the right racket',
      text: `
        <p>It is the question we hear most in the shop: which racket should I buy? There is no single answer, but there are three questions that will help you get it right.</p>
        <h3>1. Which shape suits you?</h3>
        <ul>
        <li><strong>Round:</strong> a large, central sweet spot, lots of control and forgiveness. Ideal if you are starting out or if you play a placement game.</li>
        <li><strong>Teardrop:</strong> the middle ground, combining power and handling.</li>
        <li><strong>Diamond:</strong> a high sweet spot and more power overhead, but it demands technique and punishes off-centre hits.</li>
        </ul>
        <h3>2. How heavy should it be?</h3>
        <p>Most adult rackets weigh between 350 and 375 grams. A light racket is quicker and easier on your arm; a heavier one gives more stability and power but tires you sooner. If your elbow or shoulder bothers you, start at the lighter end.</p>
        <h3>3. Soft or hard core?</h3>
        <p>Soft cores give you ball speed with little effort and absorb vibration. Hard cores offer more control and power to players who hit hard, but they need good technique and a well-conditioned arm.</p>
        <h3>Our advice</h3>
        <p>Try before you buy. At reception we have demo rackets of almost every model in the shop, and our coaches can watch you play for ten minutes and recommend the one that fits your game. An expensive racket will not make you a better player; the right one will help you enjoy the game more.</p>
      `,
    },
  }),
  post({
    key: 'salir-de-la-pared',
    category: 'technique',
    art: 'technique',
    author: 'marta',
    created: '2025-06-09 08:30',
    es: {
      title: 'Salir bien de la pared de fondo',
      text: `
        <p>La pared es lo que hace único al pádel, y también lo que más cuesta a quien viene de otros deportes de raqueta. La clave para dominarla no está en el golpe, sino en los pies y en la paciencia.</p>
        <h3>Deja que la bola trabaje</h3>
        <p>El error más común es ir a buscar la bola antes de tiempo. Cuando veas que va a tocar la pared de fondo, retrocede con ella, colócate de lado y espera a que rebote y empiece a caer. Cuanto más esperes, más tiempo tendrás para golpear cómodo.</p>
        <h3>Pies primero</h3>
        <ul>
        <li>Mantén una distancia de un metro y medio con la pared aproximadamente.</li>
        <li>Da pasos cortos de ajuste; los pasos largos te dejan clavado.</li>
        <li>Golpea con el peso pasando del pie de atrás al de delante.</li>
        </ul>
        <h3>Elige bien el golpe</h3>
        <p>Desde el fondo, la opción más segura suele ser un globo profundo o una bola lenta y baja a los pies del rival que está en la red. Intentar un golpe ganador desde la pared es tentador, pero casi siempre regala el punto.</p>
        <h3>Un ejercicio para practicar</h3>
        <p>Con tu pareja, uno lanza bolas suaves contra la pared de fondo y el otro sale de la pared devolviendo siempre un globo al fondo contrario. Veinte repeticiones por cada lado, y luego cambiad. En unas semanas notarás la diferencia.</p>
      `,
    },
    en: {
      title: 'Playing the ball off the back wall',
      text: `
        <p>The walls are what make padel unique, and they are also what players from other racket sports find hardest. The key to mastering them is not the stroke itself, but your feet and your patience.</p>
        <h3>Let the ball do the work</h3>
        <p>The most common mistake is going for the ball too early. When you see it is going to hit the back wall, move back with it, turn sideways and wait for it to bounce off and start to drop. The longer you wait, the more time you have for a comfortable shot.</p>
        <h3>Feet first</h3>
        <ul>
        <li>Keep about a metre and a half between you and the wall.</li>
        <li>Use short adjustment steps; long strides leave you stuck.</li>
        <li>Hit with your weight moving from your back foot to your front foot.</li>
        </ul>
        <h3>Choose the right shot</h3>
        <p>From the back, the safest option is usually a deep lob or a slow, low ball at the feet of the player at the net. Trying to hit a winner off the wall is tempting, but it almost always gives away the point.</p>
        <h3>A drill to practise</h3>
        <p>With your partner, one of you feeds soft balls into the back wall and the other plays them off the wall, always returning a lob to the far baseline. Twenty on each side, then swap. In a few weeks you will notice the difference.</p>
      `,
    },
  }),
  post({
    key: 'cinco-errores-volea',
    category: 'technique',
    art: 'court',
    author: 'marta',
    created: '2025-10-13 08:15',
    es: {
      title: 'Cinco errores en la volea que te cuestan puntos',
      text: `
        <p>En pádel, quien controla la red controla el partido. Pero estar en la red no sirve de mucho si la volea no acompaña. Estos son los cinco errores que más vemos en clase, y cómo corregirlos.</p>
        <h3>1. Hacer demasiado swing</h3>
        <p>La volea es un golpe corto: bloquea la bola delante del cuerpo y acompaña un poco. Si armas el brazo como para un golpe de fondo, llegarás tarde.</p>
        <h3>2. Pala baja entre golpe y golpe</h3>
        <p>Vuelve siempre a la posición de espera con la pala delante del pecho y a la altura de la cara. Desde ahí llegas a casi todo.</p>
        <h3>3. Volear de frente</h3>
        <p>Un pequeño giro de hombros te da control y dirección. De frente, la bola sale donde quiere.</p>
        <h3>4. Buscar siempre el ganador</h3>
        <p>La mayoría de voleas deben ser profundas y a los pies o al centro. El punto llega solo cuando el rival te devuelve una bola fácil.</p>
        <h3>5. Quedarse parado después de volear</h3>
        <p>Después de cada volea, recoloca los pies y ajusta tu posición con tu pareja. La pista se mueve con la bola.</p>
        <ul>
        <li>Ejercicio recomendado: voleas de control con tu pareja, los dos en la red, intentando llegar a 50 seguidas sin fallo.</li>
        </ul>
        <p>Si quieres que un entrenador revise tu volea, reserva una clase particular desde la web: grabamos el golpe en vídeo y te lo enviamos con las correcciones.</p>
      `,
    },
    en: {
      title: 'Five volley mistakes that cost you points',
      text: `
        <p>In padel, whoever controls the net controls the match. But being at the net is no use if your volley lets you down. These are the five mistakes we see most in classes, and how to fix them.</p>
        <h3>1. Too much swing</h3>
        <p>A volley is a short stroke: block the ball in front of your body and follow through a little. If you wind up as if for a groundstroke, you will be late.</p>
        <h3>2. Racket down between shots</h3>
        <p>Always return to the ready position with the racket in front of your chest at face height. From there you can reach almost anything.</p>
        <h3>3. Volleying square-on</h3>
        <p>A slight turn of the shoulders gives you control and direction. Square-on, the ball goes where it likes.</p>
        <h3>4. Always going for a winner</h3>
        <p>Most volleys should be deep, at your opponents’ feet or down the middle. The winner comes when they give you an easy ball.</p>
        <h3>5. Standing still after the volley</h3>
        <p>After every volley, reset your feet and adjust your position with your partner. The court shifts with the ball.</p>
        <ul>
        <li>Drill of the week: control volleys with your partner, both at the net, aiming for 50 in a row without a miss.</li>
        </ul>
        <p>Want a coach to look at your volley? Book a private lesson online: we film the shot and send you the video with notes.</p>
      `,
    },
  }),
  post({
    key: 'el-globo-tu-mejor-defensa',
    category: 'technique',
    art: 'technique',
    author: 'pablo',
    created: '2026-01-19 09:00',
    hue: '#0f766e',
    es: {
      title: 'El globo: tu mejor defensa (y tu mejor ataque)',
      text: `
        <p>Muchos jugadores ven el globo como un golpe de emergencia. En realidad es el golpe más importante del pádel: bien dado, obliga a los rivales a abandonar la red y te permite recuperar la posición de ataque.</p>
        <h3>Las tres claves de un buen globo</h3>
        <ul>
        <li><strong>Altura:</strong> lo bastante alto para que el rival no pueda rematar con comodidad, pero sin llegar a tocar el techo en las pistas cubiertas.</li>
        <li><strong>Profundidad:</strong> debe botar cerca de la pared de fondo contraria, a un metro o metro y medio.</li>
        <li><strong>Dirección:</strong> mejor por el centro o hacia el revés del rival, para limitar sus ángulos.</li>
        </ul>
        <h3>Cómo ejecutarlo</h3>
        <p>Abre ligeramente la cara de la pala, flexiona las rodillas y golpea de abajo arriba con un movimiento suave y largo, sin tirones de muñeca. La fuerza sale de las piernas, no del brazo. Al terminar, sube a la red con tu pareja si el globo ha pasado por encima de los rivales.</p>
        <h3>Cuándo usarlo</h3>
        <p>Cuando estés en defensa, cuando los rivales estén muy pegados a la red o simplemente cuando necesites tiempo para recolocarte. Un buen globo cambia la dinámica del punto en un solo golpe.</p>
        <p>En la academia junior trabajamos el globo desde los primeros meses, porque es la base de todo el juego defensivo. ¡Nunca es tarde para dominarlo!</p>
      `,
    },
    en: {
      title: 'The lob: your best defence (and your best attack)',
      text: `
        <p>Many players think of the lob as an emergency shot. In fact, it is the most important shot in padel: played well, it forces your opponents away from the net and lets you take back the attacking position.</p>
        <h3>Three keys to a good lob</h3>
        <ul>
        <li><strong>Height:</strong> high enough that your opponent cannot smash it comfortably, but without touching the roof on covered courts.</li>
        <li><strong>Depth:</strong> it should bounce near the far back wall, a metre or a metre and a half from it.</li>
        <li><strong>Direction:</strong> through the middle or to your opponent’s backhand, to cut down their angles.</li>
        </ul>
        <h3>How to play it</h3>
        <p>Open the racket face slightly, bend your knees and swing from low to high in a smooth, long motion with no flick of the wrist. The power comes from your legs, not your arm. Then move up to the net with your partner if the lob has gone over your opponents.</p>
        <h3>When to use it</h3>
        <p>When you are defending, when your opponents are crowding the net or simply when you need time to recover your position. A good lob turns a rally around in a single shot.</p>
        <p>At the junior academy we work on the lob from the very first months, because it is the foundation of all defensive play. It is never too late to master it!</p>
      `,
    },
  }),
  post({
    key: 'posicion-en-pista-dobles',
    category: 'technique',
    art: 'court',
    author: 'marta',
    created: '2026-04-20 08:45',
    hue: '#115e59',
    es: {
      title: 'Moverse en pareja: posición y comunicación en pista',
      text: `
        <p>El pádel se juega siempre en pareja, y eso significa que tu posición depende tanto de la bola como de tu compañero. Las parejas que se mueven juntas ganan muchos más puntos que dos buenos jugadores que van por libre.</p>
        <h3>Como si os uniera una cuerda</h3>
        <p>Imagina que tú y tu pareja estáis unidos por una cuerda de unos tres metros. Si uno sube a la red, el otro también. Si uno retrocede para defender un globo, el otro le acompaña. Los huecos entre los dos son el mejor regalo que podéis hacer al rival.</p>
        <h3>Quién coge las bolas del centro</h3>
        <p>Poneos de acuerdo antes de empezar. Una regla habitual es que la bola del centro la juega quien tiene la derecha hacia ella, o el jugador que está más adelantado. Lo importante es que los dos sepáis qué va a pasar.</p>
        <h3>Hablad en cada punto</h3>
        <ul>
        <li>«Mía» o «tuya» en las bolas dudosas, siempre en voz alta.</li>
        <li>«Sube» o «atrás» para coordinar la posición después de un globo.</li>
        <li>Entre puntos, un par de frases sobre el plan: a quién atacar, qué funciona.</li>
        </ul>
        <h3>Y ánimo, siempre</h3>
        <p>Nadie falla a propósito. Un «vamos» después de un error ayuda más que cualquier consejo técnico. Las mejores parejas del club no son las que menos fallan, sino las que mejor se entienden.</p>
      `,
    },
    en: {
      title: 'Moving as a pair: positioning and communication on court',
      text: `
        <p>Padel is always played in pairs, which means your position depends as much on your partner as on the ball. Pairs who move together win far more points than two good players doing their own thing.</p>
        <h3>As if tied by a rope</h3>
        <p>Imagine you and your partner are tied together by a rope about three metres long. If one of you moves up to the net, so does the other. If one drops back to cover a lob, the other goes too. Gaps between you are the best present you can give your opponents.</p>
        <h3>Who takes the middle</h3>
        <p>Agree before you start. A common rule is that the player with their forehand facing the ball takes it, or the player further forward. What matters is that you both know what will happen.</p>
        <h3>Talk on every point</h3>
        <ul>
        <li>“Mine” or “yours” on every doubtful ball, always out loud.</li>
        <li>“Up” or “back” to coordinate your position after a lob.</li>
        <li>Between points, a couple of sentences about the plan: who to target, what is working.</li>
        </ul>
        <h3>And always encourage</h3>
        <p>Nobody misses on purpose. A quick “come on” after a mistake helps more than any technical tip. The club’s best pairs are not the ones who miss least, but the ones who understand each other best.</p>
      `,
    },
  }),
  post({
    key: 'la-vibora',
    category: 'technique',
    art: 'technique',
    author: 'marta',
    created: '2026-11-09 08:00',
    hue: '#0d9488',
    es: {
      title: 'La víbora: la bandeja con veneno',
      text: `
        <p>Cuando ya dominas la bandeja, llega el momento de la víbora. Se parece mucho, pero es un golpe más ofensivo: se ejecuta con más velocidad y con un efecto lateral que hace que la bola salga pegada a la pared lateral y apenas rebote.</p>
        <h3>En qué se diferencia de la bandeja</h3>
        <ul>
        <li>El punto de impacto está más atrasado y algo más lateral, a la altura del hombro.</li>
        <li>El movimiento es más rápido y cruza el cuerpo de fuera hacia dentro con más intensidad.</li>
        <li>La bola busca la unión entre la pared de fondo y la lateral del rival, o su pared lateral directamente.</li>
        </ul>
        <h3>Cuándo usarla</h3>
        <p>La víbora es ideal con globos que no son lo bastante cortos para rematar pero tampoco tan profundos como para obligarte a defender. Desde el lado del revés, cruzada hacia la pared lateral del rival, es especialmente peligrosa.</p>
        <h3>Cuidado con</h3>
        <p>Es un golpe exigente para el hombro. Si no tienes buena técnica ni una preparación física adecuada, practícala poco a poco y con calentamiento previo. Y recuerda que, si no sale bien, deja la bola en una posición cómoda para el contraataque del rival.</p>
        <p>Este invierno dedicamos dos sesiones de las clínicas de técnica a la víbora. Plazas limitadas a ocho jugadores de nivel intermedio alto o avanzado.</p>
      `,
    },
    en: {
      title: 'The víbora: the bandeja with a sting',
      text: `
        <p>Once you have mastered the bandeja, it is time for the víbora. It looks similar, but it is a more attacking shot: it is hit faster and with sidespin, so the ball skids off the side wall and barely bounces.</p>
        <h3>How it differs from the bandeja</h3>
        <ul>
        <li>Contact is further back and slightly more to the side, at shoulder height.</li>
        <li>The swing is faster and cuts across the body from outside to inside more sharply.</li>
        <li>The ball is aimed at the corner where your opponents’ back and side walls meet, or straight at their side wall.</li>
        </ul>
        <h3>When to use it</h3>
        <p>The víbora is ideal for lobs that are not short enough to smash but not deep enough to force you onto the defensive. Played cross-court from the backhand side into the opponent’s side wall, it is especially dangerous.</p>
        <h3>Be careful</h3>
        <p>It is a demanding shot for the shoulder. If your technique and conditioning are not quite there yet, practise it gradually and always after a proper warm-up. And remember: if it goes wrong, it leaves the ball sitting up for your opponents to attack.</p>
        <p>This winter, two of our technique clinics are dedicated to the víbora. Places are limited to eight upper-intermediate or advanced players.</p>
      `,
    },
  }),

  // Fitness --------------------------------------------------------------------------------------
  post({
    key: 'calentamiento-10-minutos',
    category: 'fitness',
    art: 'stretching',
    author: 'javier',
    created: '2025-01-20 07:30',
    es: {
      title: 'Un calentamiento de 10 minutos antes de cada partido',
      text: `
        <p>Llegas justo, te cambias corriendo y empiezas a pelotear. Nos pasa a todos. Pero esos diez minutos que te saltas son los que más lesiones evitarían. Esta es la rutina que recomendamos a todos los socios, y que puedes hacer en el pasillo de la pista mientras esperas a que termine el turno anterior.</p>
        <h3>Minutos 1 a 3: activar</h3>
        <ul>
        <li>Trote suave o skipping en el sitio.</li>
        <li>Desplazamientos laterales y cruces de pies.</li>
        <li>Círculos de brazos hacia delante y hacia atrás.</li>
        </ul>
        <h3>Minutos 4 a 7: movilidad</h3>
        <ul>
        <li>Zancadas con giro de tronco hacia la pierna adelantada.</li>
        <li>Balanceos de pierna adelante-atrás y laterales, apoyado en la valla.</li>
        <li>Rotaciones de muñeca y antebrazo con la pala en la mano.</li>
        </ul>
        <h3>Minutos 8 a 10: intensidad</h3>
        <p>Tres o cuatro aceleraciones cortas de la red al fondo, saltos suaves sobre los dos pies y algunos gestos de remate sin bola. Después, pelotea empezando por voleas suaves y globos antes de pasar a golpes más fuertes.</p>
        <h3>Por qué funciona</h3>
        <p>Un calentamiento corto pero completo sube la temperatura muscular, prepara las articulaciones para los cambios de dirección y mejora el tiempo de reacción desde el primer punto. Además, empezarás el partido jugando mejor. Nuestro equipo de sala te lo enseña en cinco minutos, pregúntanos.</p>
      `,
    },
    en: {
      title: 'A 10-minute warm-up before every match',
      text: `
        <p>You arrive with no time to spare, change in a rush and start hitting. We have all done it. But those ten minutes you skip are the ones that would prevent most injuries. This is the routine we recommend to every member, and you can do it by the court while you wait for the previous booking to finish.</p>
        <h3>Minutes 1 to 3: wake up</h3>
        <ul>
        <li>Easy jogging or high knees on the spot.</li>
        <li>Side shuffles and crossover steps.</li>
        <li>Arm circles, forwards and backwards.</li>
        </ul>
        <h3>Minutes 4 to 7: mobility</h3>
        <ul>
        <li>Lunges with a trunk rotation towards the front leg.</li>
        <li>Front-to-back and side leg swings, holding on to the fence.</li>
        <li>Wrist and forearm rotations with the racket in your hand.</li>
        </ul>
        <h3>Minutes 8 to 10: raise the intensity</h3>
        <p>Three or four short sprints from the net to the back, gentle two-footed jumps and a few shadow smashes. Then start rallying with soft volleys and lobs before moving on to harder shots.</p>
        <h3>Why it works</h3>
        <p>A short but complete warm-up raises muscle temperature, prepares your joints for changes of direction and sharpens your reactions from the first point. You will also start the match playing better. Our gym team can show you the routine in five minutes — just ask.</p>
      `,
    },
  }),
  post({
    key: 'fuerza-para-padel',
    category: 'fitness',
    art: 'dumbbell',
    author: 'javier',
    created: '2025-04-28 07:30',
    es: {
      title: 'Fuerza para jugadores de pádel: cuatro ejercicios básicos',
      text: `
        <p>El pádel es un deporte de aceleraciones, frenadas y giros. Para aguantar ese esfuerzo y prevenir lesiones, no basta con jugar: hace falta un mínimo de fuerza. La buena noticia es que con dos sesiones de 30 minutos a la semana se nota muchísimo.</p>
        <h3>1. Sentadilla goblet</h3>
        <p>Con una kettlebell o una mancuerna pegada al pecho, baja como si te sentaras en una silla, con la espalda recta y las rodillas en línea con los pies. Fortalece piernas y glúteos, la base de todos tus desplazamientos. Tres series de diez.</p>
        <h3>2. Zancada lateral</h3>
        <p>Imita el desplazamiento lateral de la pista. Da un paso amplio hacia un lado, flexiona esa rodilla y vuelve empujando con fuerza. Tres series de ocho por lado.</p>
        <h3>3. Remo con mancuerna</h3>
        <p>Apoyado en un banco, lleva la mancuerna hacia la cadera manteniendo el codo pegado. Equilibra el trabajo del hombro y protege la espalda. Tres series de diez por brazo.</p>
        <h3>4. Plancha con rotación</h3>
        <p>Desde plancha lateral, pasa el brazo libre por debajo del cuerpo y vuelve a abrir. Trabaja el core y la rotación del tronco, clave en el remate y la bandeja. Tres series de ocho por lado.</p>
        <ul>
        <li>Descansa un minuto entre series.</li>
        <li>Elige un peso que te permita hacer dos repeticiones más de las indicadas con buena técnica.</li>
        </ul>
        <p>¿Quieres un plan adaptado a ti? Pide una sesión de valoración en la sala: es gratuita para los socios.</p>
      `,
    },
    en: {
      title: 'Strength for padel players: four essential exercises',
      text: `
        <p>Padel is a sport of sprints, sudden stops and turns. To cope with that and avoid injury, playing is not enough: you need a basic level of strength. The good news is that two 30-minute sessions a week make a huge difference.</p>
        <h3>1. Goblet squat</h3>
        <p>Holding a kettlebell or dumbbell against your chest, lower yourself as if sitting on a chair, back straight and knees in line with your feet. It strengthens your legs and glutes, the base of all your movement. Three sets of ten.</p>
        <h3>2. Lateral lunge</h3>
        <p>This mimics moving sideways on court. Take a wide step to one side, bend that knee and push back hard. Three sets of eight per side.</p>
        <h3>3. Single-arm dumbbell row</h3>
        <p>Supported on a bench, pull the dumbbell up towards your hip with your elbow close to your body. It balances the work your shoulder does and protects your back. Three sets of ten per arm.</p>
        <h3>4. Side plank with rotation</h3>
        <p>From a side plank, thread your free arm under your body and open back up. It works your core and trunk rotation, key for the smash and the bandeja. Three sets of eight per side.</p>
        <ul>
        <li>Rest for a minute between sets.</li>
        <li>Choose a weight that would let you do two more reps than prescribed with good form.</li>
        </ul>
        <p>Want a plan made for you? Ask for an assessment session in the gym: it is free for members.</p>
      `,
    },
  }),
  post({
    key: 'pilates-para-jugadores',
    category: 'fitness',
    art: 'stretching',
    author: 'lucia',
    created: '2025-05-05 08:00',
    hue: '#6d28d9',
    es: {
      title: 'Pilates para jugadores de pádel: por qué funciona',
      text: `
        <p>Cada vez más jugadores se asoman a nuestras clases de pilates, y casi siempre por la misma razón: alguna molestia en la espalda baja o en el hombro. Lo que descubren es que el pilates no solo alivia, sino que mejora su juego.</p>
        <h3>Un core que sostiene el golpe</h3>
        <p>En el pádel casi todos los golpes nacen de una rotación del tronco. Un core fuerte y bien coordinado transmite la fuerza de las piernas a la pala y protege la columna en los giros bruscos. El pilates trabaja justo esa musculatura profunda que las máquinas de la sala no alcanzan.</p>
        <h3>Movilidad y control</h3>
        <p>Cadera, columna torácica y hombros necesitan moverse con amplitud y sin dolor. Los ejercicios de pilates combinan estiramiento y control, de modo que ganas recorrido sin perder estabilidad.</p>
        <h3>Qué puedes esperar</h3>
        <ul>
        <li>Menos rigidez al día siguiente de jugar.</li>
        <li>Mejor equilibrio en los desplazamientos y las frenadas.</li>
        <li>Más conciencia postural también fuera de la pista.</li>
        </ul>
        <h3>Cómo empezar</h3>
        <p>Tenemos clases de pilates suelo los lunes, miércoles y viernes a las 9:30 y a las 19:00, con grupos de doce personas como máximo. Con una o dos clases por semana notarás cambios en un mes. Si tienes alguna lesión, avísame antes de la primera clase y adaptaremos los ejercicios.</p>
      `,
    },
    en: {
      title: 'Pilates for padel players: why it works',
      text: `
        <p>More and more players are dropping into our Pilates classes, nearly always for the same reason: a niggle in the lower back or the shoulder. What they discover is that Pilates does not just ease the pain, it improves their game.</p>
        <h3>A core that powers the shot</h3>
        <p>Almost every padel shot starts with a rotation of the trunk. A strong, well-coordinated core transfers power from your legs to the racket and protects your spine in sudden turns. Pilates works exactly those deep muscles the gym machines do not reach.</p>
        <h3>Mobility with control</h3>
        <p>Your hips, upper back and shoulders need to move freely and without pain. Pilates exercises combine stretching with control, so you gain range of motion without losing stability.</p>
        <h3>What to expect</h3>
        <ul>
        <li>Less stiffness the day after you play.</li>
        <li>Better balance when you move and stop.</li>
        <li>Better posture off the court, too.</li>
        </ul>
        <h3>Getting started</h3>
        <p>We run mat Pilates on Mondays, Wednesdays and Fridays at 9:30 am and 7 pm, in groups of twelve at most. With one or two classes a week you will notice changes within a month. If you have an injury, tell me before your first class and we will adapt the exercises.</p>
      `,
    },
  }),
  post({
    key: 'prevenir-codo-de-tenista',
    category: 'fitness',
    art: 'stretching',
    author: 'javier',
    created: '2025-07-07 07:45',
    es: {
      title: 'Cómo prevenir el codo de tenista (que también es de pádel)',
      text: `
        <p>La epicondilitis, el famoso codo de tenista, es una de las lesiones más frecuentes entre los jugadores de pádel que juegan varias veces por semana. Se produce por la sobrecarga de los tendones que extienden la muñeca, y cuesta mucho más curarla que prevenirla.</p>
        <h3>Señales de alarma</h3>
        <p>Dolor en la parte externa del codo al coger objetos, al girar un pomo o al golpear de revés. Si lo notas, no sigas jugando con dolor: descansa unos días y consulta con un fisioterapeuta.</p>
        <h3>Cinco hábitos que ayudan</h3>
        <ul>
        <li><strong>Calienta el antebrazo</strong> antes de jugar con rotaciones y estiramientos suaves de muñeca.</li>
        <li><strong>Revisa tu pala:</strong> una pala muy pesada o muy dura aumenta la carga. Las palas con sistemas antivibración ayudan.</li>
        <li><strong>Cambia el overgrip</strong> con frecuencia: un grip gastado te obliga a apretar más.</li>
        <li><strong>No aprietes la pala</strong> entre golpe y golpe; relaja la mano en la espera.</li>
        <li><strong>Fortalece</strong> el antebrazo con ejercicios excéntricos de muñeca con una mancuerna ligera, tres veces por semana.</li>
        </ul>
        <h3>La técnica también cuenta</h3>
        <p>Muchos casos de epicondilitis vienen de golpear el revés con la muñeca en lugar de con el cuerpo. Una clase particular para revisar la técnica puede ahorrarte meses de molestias. En la sala te enseñamos los ejercicios de fortalecimiento en una sesión de quince minutos.</p>
      `,
    },
    en: {
      title: 'How to prevent tennis elbow (padel players get it too)',
      text: `
        <p>Lateral epicondylitis, better known as tennis elbow, is one of the most common injuries among people who play padel several times a week. It comes from overloading the tendons that extend the wrist, and it is much harder to cure than to prevent.</p>
        <h3>Warning signs</h3>
        <p>Pain on the outside of the elbow when you pick things up, turn a door handle or hit a backhand. If you feel it, do not play through the pain: rest for a few days and see a physiotherapist.</p>
        <h3>Five helpful habits</h3>
        <ul>
        <li><strong>Warm up your forearm</strong> before playing, with gentle wrist rotations and stretches.</li>
        <li><strong>Check your racket:</strong> a very heavy or very stiff racket increases the load. Anti-vibration rackets help.</li>
        <li><strong>Change your overgrip</strong> often: a worn grip makes you squeeze harder.</li>
        <li><strong>Do not grip the racket tightly</strong> between shots; relax your hand while you wait.</li>
        <li><strong>Strengthen</strong> your forearm with eccentric wrist exercises using a light dumbbell, three times a week.</li>
        </ul>
        <h3>Technique matters too</h3>
        <p>Many cases of tennis elbow come from hitting the backhand with the wrist instead of the body. A private lesson to check your technique could save you months of trouble. In the gym, we can show you the strengthening exercises in a fifteen-minute session.</p>
      `,
    },
  }),
  post({
    key: 'movilidad-de-hombro',
    category: 'fitness',
    art: 'stretching',
    author: 'lucia',
    created: '2025-09-22 08:00',
    hue: '#5b21b6',
    es: {
      title: 'Movilidad de hombro: cinco minutos que tu remate agradecerá',
      text: `
        <p>El hombro es la articulación que más sufre en el pádel: remates, bandejas, víboras y saques por encima de la cabeza, una y otra vez. Si además pasas muchas horas sentado frente al ordenador, es probable que hayas perdido movilidad sin darte cuenta.</p>
        <h3>Una prueba rápida</h3>
        <p>De pie, con la espalda apoyada en la pared, intenta subir los brazos estirados hasta tocar la pared por encima de la cabeza sin separar la zona lumbar. Si no llegas, o si arqueas la espalda para conseguirlo, esta rutina es para ti.</p>
        <h3>La rutina</h3>
        <ul>
        <li><strong>Ángeles en la pared:</strong> diez repeticiones lentas deslizando los brazos arriba y abajo.</li>
        <li><strong>Rotación torácica a cuatro apoyos:</strong> ocho por lado, siguiendo la mano con la mirada.</li>
        <li><strong>Estiramiento del dorsal</strong> en el marco de una puerta: treinta segundos por lado.</li>
        <li><strong>Rotación externa con banda elástica:</strong> quince repeticiones por brazo, con el codo pegado al cuerpo.</li>
        </ul>
        <h3>Cuándo hacerla</h3>
        <p>Lo ideal es a diario, por ejemplo al levantarte o en una pausa del trabajo, y también como parte del calentamiento antes de jugar. Son apenas cinco minutos, y en pocas semanas notarás el brazo más suelto al rematar.</p>
        <p>En las clases de movilidad de los martes a las 20:00 trabajamos estos y otros ejercicios en grupo. ¡Te esperamos!</p>
      `,
    },
    en: {
      title: 'Shoulder mobility: five minutes your smash will thank you for',
      text: `
        <p>The shoulder is the joint that suffers most in padel: smashes, bandejas, víboras and overhead serves, again and again. And if you also spend hours sitting at a computer, you have probably lost mobility without noticing.</p>
        <h3>A quick test</h3>
        <p>Stand with your back against a wall and try to raise your straight arms until they touch the wall above your head, without your lower back coming away from it. If you cannot, or if you have to arch your back to get there, this routine is for you.</p>
        <h3>The routine</h3>
        <ul>
        <li><strong>Wall angels:</strong> ten slow reps, sliding your arms up and down.</li>
        <li><strong>Quadruped thoracic rotation:</strong> eight per side, following your hand with your eyes.</li>
        <li><strong>Lat stretch</strong> in a doorway: thirty seconds per side.</li>
        <li><strong>External rotation with a resistance band:</strong> fifteen reps per arm, elbow tucked in.</li>
        </ul>
        <h3>When to do it</h3>
        <p>Ideally every day, for example when you get up or during a break at work, and also as part of your warm-up before playing. It takes barely five minutes, and within a few weeks your arm will feel looser on the smash.</p>
        <p>In our Tuesday mobility classes at 8 pm we work on these and other exercises as a group. Come and join us!</p>
      `,
    },
  }),
  post({
    key: 'nuevas-clases-hiit-funcional',
    category: 'fitness',
    art: 'dumbbell',
    author: 'javier',
    created: '2026-01-12 07:30',
    es: {
      title: 'Nuevas clases de HIIT y entrenamiento funcional',
      text: `
        <p>Empezamos el año con novedades en el horario de clases colectivas. Desde el lunes 19 de enero estrenamos dos formatos nuevos que nos habéis pedido mucho: HIIT de 30 minutos y entrenamiento funcional para jugadores de pádel.</p>
        <h3>HIIT Express</h3>
        <p>Treinta minutos de intervalos de alta intensidad con peso corporal, kettlebells y cuerdas. Perfecto para la hora de comer o antes de ir a trabajar. Se puede adaptar a cualquier nivel: el monitor propone siempre una versión más suave y otra más exigente de cada ejercicio.</p>
        <ul>
        <li>Lunes, miércoles y viernes a las 7:15 y a las 14:00.</li>
        <li>Máximo 14 personas por clase.</li>
        </ul>
        <h3>Funcional Pádel</h3>
        <p>Una clase de 45 minutos diseñada para mejorar lo que más se usa en la pista: desplazamientos laterales, cambios de dirección, estabilidad del core y fuerza de hombro. Incluye trabajo con escalera de agilidad, conos, bandas elásticas y balón medicinal.</p>
        <ul>
        <li>Martes y jueves a las 19:00, sábados a las 10:00.</li>
        <li>Máximo 12 personas por clase.</li>
        </ul>
        <h3>Cómo reservar</h3>
        <p>Las dos clases están incluidas en la cuota de fitness y se reservan desde la web o en recepción, como el resto de actividades. Si tienes bono de pádel pero no cuota de fitness, puedes probar una clase gratis durante el mes de enero.</p>
      `,
    },
    en: {
      title: 'New HIIT and functional training classes',
      text: `
        <p>We are starting the year with changes to the group class timetable. From Monday 19 January we are launching two new formats you have been asking for: 30-minute HIIT and functional training for padel players.</p>
        <h3>HIIT Express</h3>
        <p>Thirty minutes of high-intensity intervals with bodyweight, kettlebells and battle ropes. Perfect for lunchtime or before work. It suits every level: the instructor always offers an easier and a harder version of each exercise.</p>
        <ul>
        <li>Mondays, Wednesdays and Fridays at 7:15 am and 2 pm.</li>
        <li>Up to 14 people per class.</li>
        </ul>
        <h3>Padel Functional</h3>
        <p>A 45-minute class designed to improve what you use most on court: lateral movement, changes of direction, core stability and shoulder strength. It includes work with agility ladders, cones, resistance bands and medicine balls.</p>
        <ul>
        <li>Tuesdays and Thursdays at 7 pm, Saturdays at 10 am.</li>
        <li>Up to 12 people per class.</li>
        </ul>
        <h3>How to book</h3>
        <p>Both classes are included in the fitness membership and are booked online or at reception, like every other activity. If you have a padel pass but no fitness membership, you can try one class free during January.</p>
      `,
    },
  }),
  post({
    key: 'volver-a-jugar-tras-una-lesion',
    category: 'fitness',
    art: 'dumbbell',
    author: 'javier',
    created: '2026-05-04 07:30',
    hue: '#6d28d9',
    es: {
      title: 'Volver a jugar después de una lesión',
      text: `
        <p>Las ganas de volver a la pista después de una lesión son enormes, y es precisamente entonces cuando más cuidado hay que tener. Muchas recaídas no se deben a la lesión original, sino a haber vuelto demasiado deprisa.</p>
        <h3>Antes de volver</h3>
        <p>Lo primero es tener el visto bueno de tu médico o fisioterapeuta. Después, conviene comprobar que recuperas la fuerza y la movilidad de la zona lesionada: como referencia, la pierna o el brazo lesionado deberían rendir al menos un 90 % que el sano en los ejercicios básicos.</p>
        <h3>Una vuelta por fases</h3>
        <ul>
        <li><strong>Semana 1:</strong> peloteo suave de 30 minutos, sin remates ni desplazamientos bruscos.</li>
        <li><strong>Semana 2:</strong> ejercicios de clase con intensidad media y algún remate controlado.</li>
        <li><strong>Semana 3:</strong> partido amistoso de una hora con parejas de confianza.</li>
        <li><strong>Semana 4:</strong> vuelta a la rutina habitual si no ha habido dolor.</li>
        </ul>
        <h3>Escucha a tu cuerpo</h3>
        <p>Algo de rigidez al día siguiente es normal. El dolor durante el juego, o una inflamación que no baja en 24 horas, no lo es: da un paso atrás en el plan y consulta.</p>
        <p>En el club trabajamos en coordinación con fisioterapeutas del barrio para que la transición de la camilla a la pista sea lo más segura posible. Pregunta en la sala por nuestro programa de readaptación, pensado precisamente para este momento.</p>
      `,
    },
    en: {
      title: 'Getting back on court after an injury',
      text: `
        <p>The urge to get back on court after an injury is huge, and that is exactly when you need to be most careful. Many setbacks are not caused by the original injury but by coming back too fast.</p>
        <h3>Before you return</h3>
        <p>First, get the all-clear from your doctor or physiotherapist. Then check that you have recovered strength and mobility in the injured area: as a guide, the injured leg or arm should perform at least 90% as well as the healthy one in basic exercises.</p>
        <h3>A phased return</h3>
        <ul>
        <li><strong>Week 1:</strong> 30 minutes of gentle rallying, no smashes or sudden movements.</li>
        <li><strong>Week 2:</strong> class drills at medium intensity, with a few controlled smashes.</li>
        <li><strong>Week 3:</strong> a one-hour friendly match with partners you trust.</li>
        <li><strong>Week 4:</strong> back to your usual routine if there has been no pain.</li>
        </ul>
        <h3>Listen to your body</h3>
        <p>Some stiffness the next day is normal. Pain while playing, or swelling that has not gone down after 24 hours, is not: take a step back in the plan and get it checked.</p>
        <p>At the club we work with local physiotherapists to make the move from the treatment table to the court as safe as possible. Ask in the gym about our return-to-play programme, designed for exactly this stage.</p>
      `,
    },
  }),

  // Nutrition ------------------------------------------------------------------------------------
  post({
    key: 'que-comer-el-dia-del-torneo',
    category: 'nutrition',
    art: 'nutrition',
    author: 'lucia',
    created: '2025-03-31 08:00',
    es: {
      title: 'Qué comer el día de un torneo',
      text: `
        <p>Un día de torneo puede incluir dos o tres partidos con horas de espera entre ellos. Lo que comas, y cuándo lo comas, influye más de lo que parece en cómo llegas al último punto.</p>
        <h3>La víspera</h3>
        <p>Cena como siempre, sin experimentos, con una buena ración de hidratos de carbono: arroz, pasta, patata o pan. Acompaña con algo de proteína y verdura, y bebe agua a lo largo de la tarde.</p>
        <h3>El desayuno</h3>
        <p>Entre dos y tres horas antes del primer partido. Algo conocido y fácil de digerir: tostadas con tomate y aceite, fruta, yogur o un bol de avena. Evita las comidas muy grasas o muy ricas en fibra ese día.</p>
        <h3>Entre partidos</h3>
        <ul>
        <li>Menos de una hora de espera: fruta, un puñado de frutos secos o una barrita.</li>
        <li>Entre una y tres horas: un bocadillo pequeño de pan blanco con pavo o queso fresco.</li>
        <li>Más de tres horas: una comida ligera, por ejemplo arroz con pollo y verduras.</li>
        </ul>
        <h3>Durante el partido</h3>
        <p>Agua en cada cambio de lado y, si el partido supera la hora o hace calor, una bebida isotónica. Un plátano o unos dátiles en el paletero te pueden salvar un tercer set.</p>
        <p>Y la regla de oro: nunca pruebes nada nuevo el día de la competición. Lo que quieras cambiar, ensáyalo antes en un día de entrenamiento.</p>
      `,
    },
    en: {
      title: 'What to eat on tournament day',
      text: `
        <p>A tournament day can mean two or three matches with hours of waiting in between. What you eat, and when, makes more of a difference than you might think to how you feel on the last point.</p>
        <h3>The night before</h3>
        <p>Eat your usual dinner, no experiments, with a good portion of carbohydrates: rice, pasta, potatoes or bread. Add some protein and vegetables, and drink water through the evening.</p>
        <h3>Breakfast</h3>
        <p>Two to three hours before your first match. Something familiar and easy to digest: toast with tomato and olive oil, fruit, yoghurt or a bowl of porridge. Avoid very fatty or very high-fibre food that day.</p>
        <h3>Between matches</h3>
        <ul>
        <li>Less than an hour to wait: fruit, a handful of nuts or an energy bar.</li>
        <li>One to three hours: a small white-bread sandwich with turkey or fresh cheese.</li>
        <li>More than three hours: a light meal, such as rice with chicken and vegetables.</li>
        </ul>
        <h3>During the match</h3>
        <p>Water at every change of ends and, if the match goes past an hour or it is hot, an isotonic drink. A banana or a few dates in your bag can rescue a third set.</p>
        <p>And the golden rule: never try anything new on competition day. Anything you want to change, test it first on a training day.</p>
      `,
    },
  }),
  post({
    key: 'hidratacion-en-verano',
    category: 'nutrition',
    art: 'nutrition',
    author: 'lucia',
    created: '2025-07-21 07:30',
    hue: '#0e7490',
    es: {
      title: 'Hidratación en verano: antes, durante y después',
      text: `
        <p>En julio y agosto, un partido de pádel en pista exterior puede hacerte perder entre uno y dos litros de sudor por hora. Basta con perder un 2 % del peso corporal en líquidos para que bajen la concentración, la precisión y la capacidad de reacción.</p>
        <h3>Antes de jugar</h3>
        <p>Llega ya hidratado. Bebe agua de forma regular durante el día y toma unos 400 o 500 ml en las dos horas previas al partido. Un truco sencillo: si la orina es de color claro, vas bien.</p>
        <h3>Durante el partido</h3>
        <ul>
        <li>Bebe unos sorbos en cada cambio de lado, aunque no tengas sed.</li>
        <li>Si el partido dura más de una hora o sudas mucho, alterna agua con bebida isotónica.</li>
        <li>Evita las bebidas muy frías de golpe y las gaseosas: pueden sentar mal.</li>
        </ul>
        <h3>Después</h3>
        <p>Repón el líquido perdido en las horas siguientes. Una referencia útil es pesarte antes y después de jugar: por cada kilo perdido, bebe alrededor de litro y medio. Acompaña con algo de sal y una comida que incluya hidratos y proteína.</p>
        <h3>En el club</h3>
        <p>Tienes fuentes de agua filtrada junto a cada bloque de pistas y en la sala de fitness. Trae tu botella reutilizable o hazte con la botella térmica del club, que mantiene el agua fría todo el partido.</p>
      `,
    },
    en: {
      title: 'Staying hydrated in summer: before, during and after',
      text: `
        <p>In July and August, a padel match on an outdoor court can make you lose one to two litres of sweat an hour. Losing just 2% of your body weight in fluid is enough to dull your concentration, accuracy and reactions.</p>
        <h3>Before you play</h3>
        <p>Arrive already hydrated. Drink water regularly through the day and have around 400 to 500 ml in the two hours before your match. A simple check: if your urine is pale, you are on track.</p>
        <h3>During the match</h3>
        <ul>
        <li>Take a few sips at every change of ends, even if you are not thirsty.</li>
        <li>If the match lasts more than an hour or you sweat heavily, alternate water with an isotonic drink.</li>
        <li>Avoid gulping ice-cold or fizzy drinks: they can upset your stomach.</li>
        </ul>
        <h3>Afterwards</h3>
        <p>Replace lost fluid over the next few hours. A useful guide is to weigh yourself before and after playing: for every kilo lost, drink about a litre and a half. Add a little salt and a meal with carbohydrates and protein.</p>
        <h3>At the club</h3>
        <p>There are filtered water fountains next to every block of courts and in the gym. Bring your reusable bottle, or pick up the club’s insulated bottle, which keeps water cold for the whole match.</p>
      `,
    },
  }),
  post({
    key: 'desayunos-para-dias-de-entreno',
    category: 'nutrition',
    art: 'nutrition',
    author: 'lucia',
    created: '2025-10-27 07:15',
    es: {
      title: 'Cinco desayunos para los días de entreno temprano',
      text: `
        <p>Si entrenas o juegas a primera hora, el desayuno es un pequeño rompecabezas: necesitas energía, pero no quieres notar el estómago lleno en el primer sprint. Estas son cinco opciones que funcionan bien y se preparan en pocos minutos.</p>
        <ul>
        <li><strong>Tostada con tomate y aceite de oliva</strong> y una pieza de fruta. El clásico de siempre, ligero y muy digestivo.</li>
        <li><strong>Yogur natural con avena y plátano</strong>, con un chorrito de miel si te apetece. Hidratos de liberación lenta y algo de proteína.</li>
        <li><strong>Porridge de avena</strong> hecho la noche anterior con leche o bebida vegetal, canela y frutos rojos. Lo sacas de la nevera y listo.</li>
        <li><strong>Bocadillo pequeño de pan blanco con pavo</strong> y un zumo de naranja natural, para quien prefiere salado.</li>
        <li><strong>Batido de plátano, leche y copos de avena</strong>, perfecto si tienes poco tiempo o poco apetito al levantarte.</li>
        </ul>
        <h3>Cuánto tiempo antes</h3>
        <p>Lo ideal es desayunar entre 60 y 90 minutos antes de empezar. Si solo tienes media hora, elige la opción más ligera, como la fruta o el batido, y completa el desayuno después de entrenar.</p>
        <h3>Y después, a recuperar</h3>
        <p>Tras la sesión, toma algo que combine hidratos y proteína en la hora siguiente: un yogur con fruta, un bocadillo o un vaso de leche con cacao. En la cafetería del club tienes opciones preparadas desde las 7:00.</p>
      `,
    },
    en: {
      title: 'Five breakfasts for early training days',
      text: `
        <p>If you train or play first thing, breakfast is a small puzzle: you need energy, but you do not want a full stomach on your first sprint. Here are five options that work well and take just a few minutes to make.</p>
        <ul>
        <li><strong>Toast with tomato and olive oil</strong> and a piece of fruit. The Spanish classic, light and easy to digest.</li>
        <li><strong>Plain yoghurt with oats and banana</strong>, with a drizzle of honey if you like. Slow-release carbs and some protein.</li>
        <li><strong>Overnight oats</strong> made with milk or a plant drink, cinnamon and berries. Take them out of the fridge and go.</li>
        <li><strong>A small white-bread sandwich with turkey</strong> and a fresh orange juice, for those who prefer savoury.</li>
        <li><strong>Banana, milk and oat smoothie</strong>, perfect if you are short on time or not hungry when you wake up.</li>
        </ul>
        <h3>How long before</h3>
        <p>Ideally, eat 60 to 90 minutes before you start. If you only have half an hour, choose the lightest option, such as fruit or the smoothie, and finish breakfast after training.</p>
        <h3>Then recover</h3>
        <p>After the session, have something that combines carbohydrates and protein within the hour: yoghurt with fruit, a sandwich or a glass of chocolate milk. The club café has ready-made options from 7 am.</p>
      `,
    },
  }),
  post({
    key: 'recuperacion-despues-del-partido',
    category: 'nutrition',
    art: 'nutrition',
    author: 'lucia',
    created: '2026-02-09 08:00',
    hue: '#155e75',
    es: {
      title: 'Recuperar bien después del partido: proteína, hidratos y descanso',
      text: `
        <p>Lo que haces en las horas siguientes a un partido determina cómo llegarás al siguiente. Si juegas tres o cuatro veces por semana, una buena recuperación marca la diferencia entre mejorar y arrastrar el cansancio.</p>
        <h3>Los tres pilares</h3>
        <ul>
        <li><strong>Rehidratar:</strong> repón el líquido perdido con agua y, si has sudado mucho, con algo de sal o una bebida isotónica.</li>
        <li><strong>Recargar:</strong> los hidratos de carbono reponen el glucógeno muscular. Arroz, pasta, pan, patata o fruta.</li>
        <li><strong>Reparar:</strong> entre 20 y 30 gramos de proteína ayudan a reparar el músculo. Huevos, legumbres, pescado, carne, lácteos o una barrita proteica.</li>
        </ul>
        <h3>Cuándo comer</h3>
        <p>No hace falta obsesionarse con la famosa ventana de 30 minutos, pero sí conviene hacer una comida completa en las dos horas siguientes. Si juegas tarde y llegas a casa con poco apetito, un vaso de leche con cacao y un plátano son un buen comienzo.</p>
        <h3>Un ejemplo de cena</h3>
        <p>Arroz con verduras salteadas y un filete de salmón, una ensalada con legumbres y un yogur de postre. Sencillo, rápido y completo.</p>
        <h3>El pilar olvidado: dormir</h3>
        <p>Ningún batido sustituye a siete u ocho horas de sueño. Es durante la noche cuando el cuerpo hace la mayor parte del trabajo de recuperación. Si juegas de noche, evita las pantallas justo antes de acostarte y cena al menos una hora antes de ir a la cama.</p>
      `,
    },
    en: {
      title: 'Recovering well after a match: protein, carbs and rest',
      text: `
        <p>What you do in the hours after a match decides how you will feel in the next one. If you play three or four times a week, good recovery is the difference between improving and carrying fatigue around.</p>
        <h3>The three pillars</h3>
        <ul>
        <li><strong>Rehydrate:</strong> replace lost fluid with water and, if you sweated a lot, a little salt or an isotonic drink.</li>
        <li><strong>Refuel:</strong> carbohydrates restore muscle glycogen. Rice, pasta, bread, potatoes or fruit.</li>
        <li><strong>Repair:</strong> 20 to 30 grams of protein help muscles repair. Eggs, pulses, fish, meat, dairy or a protein bar.</li>
        </ul>
        <h3>When to eat</h3>
        <p>There is no need to obsess over the famous 30-minute window, but you should have a proper meal within the next two hours. If you play late and get home with little appetite, a glass of chocolate milk and a banana are a good start.</p>
        <h3>A sample dinner</h3>
        <p>Rice with stir-fried vegetables and a salmon fillet, a bean salad and a yoghurt for dessert. Simple, quick and complete.</p>
        <h3>The forgotten pillar: sleep</h3>
        <p>No shake replaces seven or eight hours of sleep. Most of the body’s recovery work happens at night. If you play in the evening, avoid screens just before bed and eat at least an hour before you turn in.</p>
      `,
    },
  }),
  post({
    key: 'tentempies-para-el-paletero',
    category: 'nutrition',
    art: 'nutrition',
    author: 'lucia',
    created: '2026-07-13 08:00',
    es: {
      title: 'Tentempiés para llevar en el paletero',
      text: `
        <p>Un partido largo, una americana de dos horas o un día de torneo: hay momentos en los que un pequeño tentempié marca la diferencia. La clave es elegir alimentos que den energía rápida, que no pesen en el estómago y que aguanten unas horas en el paletero, incluso con calor.</p>
        <h3>Mis favoritos</h3>
        <ul>
        <li><strong>Plátano:</strong> el clásico por algo. Hidratos de rápida absorción y potasio, y viene con su propio envoltorio.</li>
        <li><strong>Dátiles o pasas:</strong> muy energéticos y fáciles de tomar en un cambio de lado.</li>
        <li><strong>Barritas de avena caseras</strong> o de ingredientes sencillos, sin demasiado azúcar añadido.</li>
        <li><strong>Un puñado de frutos secos</strong> para después del partido, mejor naturales o tostados sin sal.</li>
        <li><strong>Tortitas de arroz o maíz</strong>, ligeras y fáciles de digerir.</li>
        </ul>
        <h3>Qué evitar</h3>
        <p>Bollería industrial, chocolate con leche (se derrite en verano), bebidas energéticas con mucha cafeína y cualquier cosa que no hayas probado antes. Tampoco conviene comer mucho de golpe: mejor pequeñas cantidades repartidas.</p>
        <h3>Un truco para el verano</h3>
        <p>Guarda la fruta y las barritas en el compartimento térmico del paletero, junto a las palas. Y no olvides la botella de agua. En la tienda del club tienes barritas de avena y dátil de un obrador artesano de l’Horta Nord que recomiendo mucho.</p>
      `,
    },
    en: {
      title: 'Snacks to keep in your racket bag',
      text: `
        <p>A long match, a two-hour americano or a day of tournament play: there are times when a small snack makes all the difference. The trick is to choose foods that give quick energy, sit lightly in your stomach and survive a few hours in your bag, even in the heat.</p>
        <h3>My favourites</h3>
        <ul>
        <li><strong>Bananas:</strong> a classic for a reason. Fast-acting carbs and potassium, in their own wrapper.</li>
        <li><strong>Dates or raisins:</strong> packed with energy and easy to eat at a change of ends.</li>
        <li><strong>Homemade oat bars</strong>, or bars with simple ingredients and not much added sugar.</li>
        <li><strong>A handful of nuts</strong> for after the match, ideally raw or dry-roasted without salt.</li>
        <li><strong>Rice or corn cakes</strong>, light and easy to digest.</li>
        </ul>
        <h3>What to avoid</h3>
        <p>Packaged pastries, milk chocolate (it melts in summer), energy drinks loaded with caffeine and anything you have not tried before. Eating a lot in one go is not a good idea either: small amounts spread out work better.</p>
        <h3>A summer tip</h3>
        <p>Keep fruit and bars in the thermal compartment of your racket bag, next to your rackets. And do not forget your water bottle. The club shop stocks oat and date bars from a small bakery in l’Horta Nord that I highly recommend.</p>
      `,
    },
  }),

  // Club news ------------------------------------------------------------------------------------
  post({
    key: 'ocho-pistas-cubiertas',
    category: 'club',
    art: 'court',
    author: 'nuria',
    created: '2025-02-17 09:00',
    hue: '#0f766e',
    es: {
      title: 'Ya tenemos ocho pistas cubiertas',
      text: `
        <p>Después de tres meses de obras, este lunes abrimos la nueva cubierta sobre las pistas 5 a 8. Con ella, el club pasa a tener ocho de sus doce pistas a cubierto, así que la lluvia y el sol de mediodía ya no serán excusa para cancelar un partido.</p>
        <h3>Qué hemos hecho</h3>
        <ul>
        <li>Una cubierta ligera de lona tensada, abierta por los laterales para que corra el aire.</li>
        <li>Iluminación LED nueva, sin deslumbramientos en los globos.</li>
        <li>Césped de última generación y cristales panorámicos en las cuatro pistas.</li>
        <li>Una zona de espera con bancos y fuente de agua junto a las pistas.</li>
        </ul>
        <h3>Cómo reservar</h3>
        <p>Las pistas cubiertas se reservan igual que el resto, desde la web o en recepción, y mantienen el mismo precio. Al hacer la reserva verás indicado si la pista es cubierta o exterior, y podrás filtrar por tipo de pista si lo prefieres.</p>
        <h3>Gracias por la paciencia</h3>
        <p>Sabemos que durante las obras ha habido ruido, polvo y menos pistas disponibles. Gracias a todos por vuestra comprensión. Como agradecimiento, durante las dos próximas semanas todas las reservas de mediodía, de 14:00 a 17:00, tienen un 20 % de descuento.</p>
        <p>¡Os esperamos bajo techo!</p>
      `,
    },
    en: {
      title: 'We now have eight covered courts',
      text: `
        <p>After three months of work, this Monday we opened the new roof over courts 5 to 8. The club now has eight of its twelve courts under cover, so rain and the midday sun are no longer an excuse to cancel a match.</p>
        <h3>What we have done</h3>
        <ul>
        <li>A lightweight tensioned-fabric roof, open at the sides so air can flow.</li>
        <li>New LED lighting, with no glare when you look up for a lob.</li>
        <li>Latest-generation artificial grass and panoramic glass on all four courts.</li>
        <li>A waiting area with benches and a water fountain beside the courts.</li>
        </ul>
        <h3>How to book</h3>
        <p>Covered courts are booked just like the others, online or at reception, and the price is the same. When you book you will see whether a court is covered or outdoor, and you can filter by court type if you prefer.</p>
        <h3>Thank you for your patience</h3>
        <p>We know the works meant noise, dust and fewer courts available. Thank you all for your understanding. As a thank-you, for the next two weeks every midday booking between 2 and 5 pm is 20% off.</p>
        <p>See you under the roof!</p>
      `,
    },
  }),
  post({
    key: 'horario-de-verano-2025',
    category: 'club',
    art: 'calendar',
    author: 'nuria',
    created: '2025-06-16 08:00',
    es: {
      title: 'Horario de verano 2025',
      text: `
        <p>Llega el calor y, como cada año, adaptamos el horario del club para que podáis jugar y entrenar en las horas más agradables. El horario de verano estará en vigor del 1 de julio al 31 de agosto.</p>
        <h3>Horario de apertura</h3>
        <ul>
        <li><strong>De lunes a viernes:</strong> de 7:00 a 23:30.</li>
        <li><strong>Sábados y domingos:</strong> de 8:00 a 22:00.</li>
        <li><strong>15 de agosto:</strong> de 8:00 a 14:00.</li>
        </ul>
        <h3>Clases colectivas</h3>
        <p>Mantenemos las clases de primera hora y las de la tarde-noche, y pausamos las de mediodía, cuando apenas hay asistencia por el calor. El nuevo horario de clases estará disponible en la web y en recepción a partir del 25 de junio. Las clases de pádel para adultos siguen funcionando todo el verano.</p>
        <h3>Academia junior</h3>
        <p>La academia hace vacaciones en julio y agosto, y su lugar lo ocupa el campus de verano, de lunes a viernes por la mañana. Todavía quedan plazas en algunas semanas de julio.</p>
        <h3>Consejos para jugar con calor</h3>
        <p>Reserva a primera hora o a partir de las 20:00, lleva agua de sobra y protección solar, y si puedes, elige las pistas cubiertas en las horas centrales. Las fuentes de agua estarán revisadas y con agua fría todo el verano.</p>
        <p>¡Feliz verano a todos!</p>
      `,
    },
    en: {
      title: 'Summer opening hours 2025',
      text: `
        <p>The heat is here and, as every year, we are adjusting the club’s hours so you can play and train at the most pleasant times of day. Summer hours apply from 1 July to 31 August.</p>
        <h3>Opening hours</h3>
        <ul>
        <li><strong>Monday to Friday:</strong> 7 am to 11:30 pm.</li>
        <li><strong>Saturday and Sunday:</strong> 8 am to 10 pm.</li>
        <li><strong>15 August:</strong> 8 am to 2 pm.</li>
        </ul>
        <h3>Group classes</h3>
        <p>Early-morning and evening classes carry on, and we pause the midday ones, which hardly anyone attends in the heat. The new class timetable will be online and at reception from 25 June. Adult padel classes continue all summer.</p>
        <h3>Junior academy</h3>
        <p>The academy takes a break in July and August, and the summer camp takes its place, Monday to Friday mornings. There are still places in some July weeks.</p>
        <h3>Tips for playing in the heat</h3>
        <p>Book early in the morning or after 8 pm, bring plenty of water and sunscreen and, if you can, choose covered courts in the middle of the day. The water fountains will be serviced and running cold all summer.</p>
        <p>Have a great summer, everyone!</p>
      `,
    },
  }),
  post({
    key: 'reservar-desde-la-web',
    category: 'club',
    art: 'calendar',
    author: 'nuria',
    created: '2025-08-25 09:00',
    hue: '#1e293b',
    es: {
      title: 'Reserva más rápido: novedades en la web del club',
      text: `
        <p>Con la vuelta de vacaciones estrenamos una web renovada, pensada sobre todo para el móvil. Hemos escuchado vuestras sugerencias y el objetivo es claro: reservar pista o clase en menos de un minuto.</p>
        <h3>Qué hay de nuevo</h3>
        <ul>
        <li><strong>Reservas en tres toques:</strong> eliges actividad, día y hora, y confirmas. Los huecos libres se ven de un vistazo.</li>
        <li><strong>Tus bonos, a la vista:</strong> en tu cuenta puedes consultar el saldo de tus bonos y tarjetas regalo, con todos sus movimientos.</li>
        <li><strong>Pedidos de la tienda:</strong> compra online y recoge en recepción sin esperas. El historial de pedidos está en «Tus pedidos».</li>
        <li><strong>Bilingüe:</strong> toda la web está disponible en castellano e inglés.</li>
        </ul>
        <h3>Lo que no cambia</h3>
        <p>Las reservas se abren con siete días de antelación y se pueden cancelar sin coste hasta 24 horas antes. Tus datos de acceso siguen siendo los mismos; si no recuerdas tu contraseña, puedes recuperarla desde la pantalla de inicio de sesión.</p>
        <h3>¿Prefieres en persona?</h3>
        <p>Por supuesto, en recepción seguimos atendiendo reservas, dudas y sugerencias en todo el horario del club. Y si algo de la web no funciona como esperas, cuéntanoslo en hola@clubmistral.es: cada comentario nos ayuda a mejorarla.</p>
      `,
    },
    en: {
      title: 'Book faster: what is new on the club website',
      text: `
        <p>As everyone gets back from holiday, we are launching a redesigned website built above all for your phone. We have listened to your suggestions, and the goal is simple: book a court or a class in under a minute.</p>
        <h3>What is new</h3>
        <ul>
        <li><strong>Three-tap booking:</strong> choose an activity, a day and a time, then confirm. Free slots are visible at a glance.</li>
        <li><strong>Your passes at hand:</strong> check the balance of your passes and gift cards in your account, with every transaction.</li>
        <li><strong>Shop orders:</strong> buy online and collect at reception with no waiting. Your order history is under Your Orders.</li>
        <li><strong>Bilingual:</strong> the whole site is available in Spanish and English.</li>
        </ul>
        <h3>What stays the same</h3>
        <p>Bookings open seven days in advance and can be cancelled free of charge up to 24 hours before. Your login details have not changed; if you cannot remember your password, you can reset it from the login screen.</p>
        <h3>Rather do it in person?</h3>
        <p>Of course: reception still handles bookings, questions and suggestions throughout the club’s opening hours. And if anything on the website does not work the way you expect, tell us at hola@clubmistral.es — every comment helps us improve it.</p>
      `,
    },
  }),
  post({
    key: 'sala-de-fitness-renovada',
    category: 'club',
    art: 'dumbbell',
    author: 'javier',
    created: '2025-11-24 08:30',
    hue: '#475569',
    es: {
      title: 'La sala de fitness se renueva',
      text: `
        <p>Desde el 1 de diciembre la sala de fitness estrena imagen y equipamiento. Ha sido un proyecto de varios meses en el que hemos tenido muy en cuenta las encuestas que respondisteis en primavera.</p>
        <h3>Más espacio para la fuerza</h3>
        <p>La zona de peso libre crece un 40 %. Hemos incorporado dos jaulas de sentadilla nuevas, plataformas con suelo técnico, mancuernas hasta 40 kilos y una zona específica de kettlebells. Es, con diferencia, el cambio que más nos habíais pedido.</p>
        <h3>Cardio renovado</h3>
        <ul>
        <li>Seis cintas de correr y cuatro bicicletas nuevas, con pantalla y programas de entrenamiento.</li>
        <li>Dos remos de aire y dos bicicletas de asalto para los entrenamientos interválicos.</li>
        <li>Ventilación reforzada y una cortina de aire en la entrada para los días de más calor.</li>
        </ul>
        <h3>Zona de movilidad y estiramientos</h3>
        <p>Junto a los ventanales hemos habilitado un espacio tranquilo con esterillas, rodillos de espuma, bandas elásticas y fitballs, ideal para calentar antes de jugar o para estirar después.</p>
        <h3>Y el equipo, como siempre</h3>
        <p>Todo el equipo técnico sigue a tu disposición para enseñarte a usar las máquinas nuevas o preparar un plan a tu medida. Durante diciembre organizamos visitas guiadas de 20 minutos cada día a las 10:00 y a las 19:00, sin necesidad de reservar.</p>
      `,
    },
    en: {
      title: 'The gym gets a makeover',
      text: `
        <p>From 1 December the gym has a new look and new equipment. It has been a project of several months, shaped by the surveys you filled in last spring.</p>
        <h3>More room for strength</h3>
        <p>The free-weights area is 40% bigger. We have added two new squat racks, lifting platforms with technical flooring, dumbbells up to 40 kilos and a dedicated kettlebell zone. It was, by far, the change you asked for most.</p>
        <h3>New cardio</h3>
        <ul>
        <li>Six treadmills and four new bikes, with screens and training programmes.</li>
        <li>Two air rowers and two assault bikes for interval training.</li>
        <li>Better ventilation and an air curtain at the entrance for the hottest days.</li>
        </ul>
        <h3>Mobility and stretching zone</h3>
        <p>By the big windows we have set up a quiet area with mats, foam rollers, resistance bands and exercise balls — ideal for warming up before you play or stretching afterwards.</p>
        <h3>And the team, as ever</h3>
        <p>Our whole coaching team is on hand to show you how to use the new equipment or to put together a plan for you. Throughout December we are running 20-minute guided tours every day at 10 am and 7 pm — no need to book.</p>
      `,
    },
  }),
  post({
    key: 'horarios-navidad-2025',
    category: 'club',
    art: 'calendar',
    author: 'nuria',
    created: '2025-12-15 09:00',
    hue: '#9f1239',
    es: {
      title: 'Horarios de Navidad y Año Nuevo',
      text: `
        <p>Se acercan las fiestas y queremos que todo el equipo del club pueda pasar algunos días con sus familias. Por eso, estos son los horarios especiales de las próximas semanas. El resto de días abrimos en nuestro horario habitual.</p>
        <h3>Días con horario especial</h3>
        <ul>
        <li><strong>24 de diciembre:</strong> de 8:00 a 15:00.</li>
        <li><strong>25 de diciembre:</strong> cerrado.</li>
        <li><strong>31 de diciembre:</strong> de 8:00 a 15:00.</li>
        <li><strong>1 de enero:</strong> cerrado.</li>
        <li><strong>6 de enero:</strong> de 8:00 a 15:00.</li>
        </ul>
        <h3>Clases y academia</h3>
        <p>Las clases colectivas de fitness funcionan con horario reducido del 22 de diciembre al 6 de enero; lo tienes actualizado en la web. La academia junior hace vacaciones del 22 de diciembre al 7 de enero, y durante esos días organizamos un campus de Navidad con plazas limitadas.</p>
        <h3>Tu tarjeta regalo, en un minuto</h3>
        <p>Si todavía buscas un regalo, las tarjetas regalo del club se compran en la web y llegan al momento por correo electrónico. Se pueden usar en reservas, clases, cuotas y en la tienda durante un año.</p>
        <p>Todo el equipo de Club Mistral os desea unas felices fiestas y un 2026 lleno de buenos partidos.</p>
      `,
    },
    en: {
      title: 'Christmas and New Year opening hours',
      text: `
        <p>The holidays are coming, and we want the whole club team to be able to spend a few days with their families. So here are the special opening hours for the coming weeks. On all other days we are open as usual.</p>
        <h3>Special hours</h3>
        <ul>
        <li><strong>24 December:</strong> 8 am to 3 pm.</li>
        <li><strong>25 December:</strong> closed.</li>
        <li><strong>31 December:</strong> 8 am to 3 pm.</li>
        <li><strong>1 January:</strong> closed.</li>
        <li><strong>6 January:</strong> 8 am to 3 pm.</li>
        </ul>
        <h3>Classes and academy</h3>
        <p>Group fitness classes run on a reduced timetable from 22 December to 6 January; the up-to-date schedule is online. The junior academy is on holiday from 22 December to 7 January, and during those days we run a Christmas camp with limited places.</p>
        <h3>A gift card in a minute</h3>
        <p>Still looking for a present? Club gift cards can be bought online and arrive instantly by email. They can be used for bookings, classes, memberships and in the shop for a whole year.</p>
        <p>Everyone at Club Mistral wishes you happy holidays and a 2026 full of great matches.</p>
      `,
    },
  }),
  post({
    key: 'nueva-iluminacion-led',
    category: 'club',
    art: 'court',
    author: 'nuria',
    created: '2026-10-05 09:00',
    hue: '#1e3a5f',
    es: {
      title: 'Nueva iluminación LED en las pistas exteriores',
      text: `
        <p>Este verano hemos aprovechado las semanas de menos actividad para cambiar por completo la iluminación de las cuatro pistas exteriores. Con ello, las doce pistas del club tienen ya iluminación LED de última generación.</p>
        <h3>Qué vas a notar</h3>
        <ul>
        <li><strong>Más luz y más uniforme:</strong> ya no hay zonas oscuras en las esquinas ni sombras en la red.</li>
        <li><strong>Sin deslumbramientos:</strong> los proyectores están orientados para que puedas seguir un globo sin que la luz te ciegue.</li>
        <li><strong>Encendido instantáneo:</strong> las luces se encienden automáticamente cuando empieza tu reserva y se apagan al terminar.</li>
        </ul>
        <h3>Menos consumo</h3>
        <p>La nueva instalación consume un 60 % menos de energía que la anterior. Junto con las placas solares de la cubierta del edificio, esto nos permite cubrir buena parte del consumo del club con energía renovable. Es un paso más en nuestro compromiso con el barrio y con el medio ambiente.</p>
        <h3>Más horas de juego</h3>
        <p>Con la nueva luz, las pistas exteriores pasan a estar disponibles hasta el cierre del club también en invierno. Ya puedes reservarlas desde la web con el mismo precio que el resto.</p>
        <p>¡Nos vemos en la pista, también de noche!</p>
      `,
    },
    en: {
      title: 'New LED lighting on the outdoor courts',
      text: `
        <p>This summer we used the quieter weeks to completely replace the lighting on the four outdoor courts. All twelve of the club’s courts now have state-of-the-art LED lighting.</p>
        <h3>What you will notice</h3>
        <ul>
        <li><strong>More even light:</strong> no more dark corners or shadows across the net.</li>
        <li><strong>No glare:</strong> the floodlights are angled so you can follow a lob without being dazzled.</li>
        <li><strong>Instant on:</strong> lights switch on automatically when your booking starts and off when it ends.</li>
        </ul>
        <h3>Lower consumption</h3>
        <p>The new system uses 60% less energy than the old one. Together with the solar panels on the building’s roof, this lets us cover much of the club’s consumption with renewable energy. It is another step in our commitment to the neighbourhood and the environment.</p>
        <h3>More hours to play</h3>
        <p>With the new lighting, the outdoor courts are now available until closing time in winter too. You can already book them online, at the same price as the others.</p>
        <p>See you on court — even after dark!</p>
      `,
    },
  }),

  // Junior academy --------------------------------------------------------------------------------
  post({
    key: 'campus-de-verano-2025',
    category: 'academy',
    art: 'academy',
    author: 'pablo',
    created: '2025-05-12 08:00',
    es: {
      title: 'Campus de verano 2025: pádel, juegos y mucha diversión',
      text: `
        <p>Ya está aquí la información del campus de verano, que este año se celebrará del 23 de junio al 29 de agosto. Como siempre, está pensado para que los niños y niñas de 6 a 14 años aprendan pádel, hagan deporte y, sobre todo, se lo pasen en grande.</p>
        <h3>Un día en el campus</h3>
        <ul>
        <li><strong>9:00:</strong> bienvenida y calentamiento con juegos.</li>
        <li><strong>9:30:</strong> pádel por niveles, en grupos de ocho como máximo por monitor.</li>
        <li><strong>11:00:</strong> almuerzo saludable a la sombra.</li>
        <li><strong>11:30:</strong> multideporte: fútbol, vóley, atletismo y juegos cooperativos.</li>
        <li><strong>12:45:</strong> piscina en el polideportivo vecino, con socorrista.</li>
        <li><strong>14:00:</strong> recogida.</li>
        </ul>
        <h3>Precios e inscripción</h3>
        <p>La semana completa cuesta 145 €, con un 10 % de descuento para hermanos y alumnos de la academia. Incluye camiseta, almuerzo diario y seguro. Puedes inscribirte semana a semana desde la tienda de la web o en recepción.</p>
        <h3>Nuestro equipo</h3>
        <p>Todos los monitores tienen titulación en pádel o en educación física y formación en primeros auxilios. Son, además, los mismos entrenadores de la academia durante el curso, así que conocen bien a los niños y a las familias.</p>
        <p>¿Dudas? Escríbeme a hola@clubmistral.es o pasa por recepción. ¡Nos vemos en junio!</p>
      `,
    },
    en: {
      title: 'Summer camp 2025: padel, games and lots of fun',
      text: `
        <p>The summer camp details are here! This year it runs from 23 June to 29 August and, as always, it is designed for children aged 6 to 14 to learn padel, play lots of sport and, above all, have a brilliant time.</p>
        <h3>A day at camp</h3>
        <ul>
        <li><strong>9:00:</strong> welcome and warm-up games.</li>
        <li><strong>9:30:</strong> padel by level, in groups of no more than eight per coach.</li>
        <li><strong>11:00:</strong> healthy snack in the shade.</li>
        <li><strong>11:30:</strong> multi-sport: football, volleyball, athletics and team games.</li>
        <li><strong>12:45:</strong> pool time at the sports centre next door, with a lifeguard.</li>
        <li><strong>14:00:</strong> pick-up.</li>
        </ul>
        <h3>Prices and booking</h3>
        <p>A full week costs €145, with 10% off for siblings and academy students. It includes a T-shirt, a daily snack and insurance. You can book week by week in the online shop or at reception.</p>
        <h3>Our team</h3>
        <p>All our coaches hold padel or physical education qualifications and first-aid training. They are also the academy coaches during the school year, so they know the children and families well.</p>
        <p>Questions? Email me at hola@clubmistral.es or drop by reception. See you in June!</p>
      `,
    },
  }),
  post({
    key: 'academia-junior-2025-2026',
    category: 'academy',
    art: 'academy',
    author: 'pablo',
    created: '2025-08-04 08:00',
    hue: '#be185d',
    es: {
      title: 'Academia junior 2025-2026: abrimos inscripciones',
      text: `
        <p>La academia junior vuelve en septiembre con más grupos y más horarios. Este curso tendremos cerca de 180 alumnos de 5 a 17 años, repartidos en grupos por edad y nivel para que todos avancen a su ritmo.</p>
        <h3>Grupos</h3>
        <ul>
        <li><strong>Minipádel (5 a 7 años):</strong> una hora a la semana, con material adaptado y mucho juego.</li>
        <li><strong>Iniciación (8 a 11 años):</strong> dos sesiones semanales de una hora.</li>
        <li><strong>Perfeccionamiento (12 a 17 años):</strong> dos sesiones de hora y media, con preparación física incluida.</li>
        <li><strong>Competición:</strong> para jugadores seleccionados que representan al club en los circuitos autonómicos.</li>
        </ul>
        <h3>Fechas y precios</h3>
        <p>Las clases empiezan el 15 de septiembre y terminan el 19 de junio, siguiendo el calendario escolar. Las cuotas van de 35 € a 70 € al mes según el grupo, sin matrícula para quien ya era alumno el curso pasado.</p>
        <h3>Prueba de nivel</h3>
        <p>Si es tu primer año en la academia, te invitamos a una sesión de prueba gratuita la semana del 8 de septiembre. Así podremos asignarte el grupo más adecuado y tú podrás conocer a los entrenadores antes de empezar.</p>
        <p>Las plazas son limitadas y se asignan por orden de inscripción, con prioridad para los alumnos del curso anterior hasta el 31 de agosto.</p>
      `,
    },
    en: {
      title: 'Junior academy 2025–26: enrolment now open',
      text: `
        <p>The junior academy is back in September with more groups and more time slots. This year we will have around 180 students aged 5 to 17, in groups by age and level so everyone can progress at their own pace.</p>
        <h3>Groups</h3>
        <ul>
        <li><strong>Mini padel (ages 5 to 7):</strong> one hour a week, with child-sized equipment and lots of games.</li>
        <li><strong>Starter (ages 8 to 11):</strong> two one-hour sessions a week.</li>
        <li><strong>Development (ages 12 to 17):</strong> two 90-minute sessions, including fitness work.</li>
        <li><strong>Competition:</strong> for selected players who represent the club in regional circuits.</li>
        </ul>
        <h3>Dates and prices</h3>
        <p>Classes start on 15 September and finish on 19 June, following the school calendar. Monthly fees range from €35 to €70 depending on the group, with no enrolment fee for returning students.</p>
        <h3>Assessment session</h3>
        <p>If it is your first year at the academy, we invite you to a free trial session in the week of 8 September. That way we can place you in the right group and you can meet the coaches before you start.</p>
        <p>Places are limited and allocated in order of enrolment, with priority for last year’s students until 31 August.</p>
      `,
    },
  }),
  post({
    key: 'guia-para-padres-en-la-grada',
    category: 'academy',
    art: 'academy',
    author: 'pablo',
    created: '2025-11-03 08:30',
    es: {
      title: 'Guía para madres y padres en la grada',
      text: `
        <p>Cada fin de semana acompañáis a vuestros hijos a torneos y partidos, y vuestro apoyo es fundamental. Pero desde la grada también se puede ayudar, o sin querer, meter presión. Estas son algunas ideas que compartimos con todas las familias de la academia.</p>
        <h3>Antes del partido</h3>
        <p>Habla de disfrutar, no de ganar. Frases como «pásalo bien» o «juega como en los entrenamientos» quitan nervios. Asegúrate de que lleva agua, algo de comer y la ropa adecuada, y deja el resto al entrenador.</p>
        <h3>Durante el partido</h3>
        <ul>
        <li>Aplaude los buenos puntos de los dos lados de la pista.</li>
        <li>Evita dar instrucciones técnicas: pueden contradecir lo que le ha dicho su entrenador.</li>
        <li>No discutas las decisiones de los jugadores ni del juez árbitro.</li>
        <li>Tu lenguaje corporal también habla: intenta mantener la calma en los momentos tensos.</li>
        </ul>
        <h3>Después del partido</h3>
        <p>Gane o pierda, lo primero es un abrazo y un «¿qué tal te lo has pasado?». Deja que sea él o ella quien saque el tema del partido. El análisis técnico puede esperar al próximo entrenamiento.</p>
        <h3>Lo que de verdad importa</h3>
        <p>Menos del 1 % de los niños que juegan llegará a ser profesional. Todos los demás pueden disfrutar del pádel toda la vida, hacer amigos y aprender a ganar y a perder. Ese es el verdadero objetivo de nuestra academia.</p>
      `,
    },
    en: {
      title: 'A guide for parents in the stands',
      text: `
        <p>Every weekend you take your children to tournaments and matches, and your support means a great deal. But from the stands you can also help — or, without meaning to, add pressure. Here are some ideas we share with every academy family.</p>
        <h3>Before the match</h3>
        <p>Talk about enjoying it, not about winning. Things like “have fun” or “play like you do in training” take the nerves away. Make sure they have water, a snack and the right kit, and leave the rest to the coach.</p>
        <h3>During the match</h3>
        <ul>
        <li>Applaud good points on both sides of the court.</li>
        <li>Avoid giving technical instructions: they may contradict what the coach has said.</li>
        <li>Do not argue with players’ or referees’ decisions.</li>
        <li>Your body language speaks too: try to stay calm in tense moments.</li>
        </ul>
        <h3>After the match</h3>
        <p>Win or lose, start with a hug and “did you have fun?”. Let them be the one to bring up the match. The technical analysis can wait until the next training session.</p>
        <h3>What really matters</h3>
        <p>Fewer than 1% of children who play will become professionals. Everyone else can enjoy padel for life, make friends and learn how to win and how to lose. That is the real goal of our academy.</p>
      `,
    },
  }),
  post({
    key: 'minipadel-de-5-a-7-anos',
    category: 'academy',
    art: 'academy',
    author: 'pablo',
    created: '2026-01-26 08:00',
    hue: '#c026d3',
    es: {
      title: 'Minipádel: así aprenden los más pequeños',
      text: `
        <p>Cada sábado por la mañana, las pistas 11 y 12 se llenan de conos de colores, aros y pelotas que botan despacio. Es la hora del minipádel, nuestro programa para niños y niñas de 5 a 7 años, y hoy os contamos cómo funciona.</p>
        <h3>Aprender jugando</h3>
        <p>A estas edades no tiene sentido hablar de técnica ni de táctica. Lo que buscamos es que desarrollen la coordinación, el equilibrio y la relación con la bola a través del juego. Cada sesión combina circuitos de habilidad, juegos de persecución y pequeños retos con pala y pelota.</p>
        <h3>Material a su medida</h3>
        <ul>
        <li>Palas infantiles más cortas y ligeras.</li>
        <li>Pelotas de baja compresión, que botan menos y van más lentas.</li>
        <li>Pista reducida con líneas y redes adaptadas.</li>
        </ul>
        <h3>Grupos pequeños</h3>
        <p>Trabajamos con un máximo de seis niños por monitor, para que cada uno reciba atención y nadie se quede esperando su turno demasiado tiempo. Las sesiones duran una hora, el tiempo justo para que mantengan la atención.</p>
        <h3>¿Quieres probarlo?</h3>
        <p>Organizamos sesiones de prueba gratuitas el primer sábado de cada mes. Solo necesitas ropa cómoda, zapatillas deportivas y una botella de agua; el resto lo ponemos nosotros. Reserva la plaza en recepción.</p>
      `,
    },
    en: {
      title: 'Mini padel: how our youngest players learn',
      text: `
        <p>Every Saturday morning, courts 11 and 12 fill up with coloured cones, hoops and slow-bouncing balls. It is time for mini padel, our programme for children aged 5 to 7, and today we explain how it works.</p>
        <h3>Learning through play</h3>
        <p>At this age there is no point talking about technique or tactics. What we want is for children to develop coordination, balance and a feel for the ball through play. Each session mixes skill circuits, chasing games and small challenges with racket and ball.</p>
        <h3>Kit that fits</h3>
        <ul>
        <li>Shorter, lighter children’s rackets.</li>
        <li>Low-compression balls that bounce lower and move more slowly.</li>
        <li>A smaller court with adapted lines and nets.</li>
        </ul>
        <h3>Small groups</h3>
        <p>We work with no more than six children per coach, so everyone gets attention and nobody waits too long for a turn. Sessions last an hour — just the right length to keep them focused.</p>
        <h3>Want to try it?</h3>
        <p>We run free taster sessions on the first Saturday of every month. All you need is comfortable clothes, trainers and a water bottle; we provide the rest. Book a place at reception.</p>
      `,
    },
  }),
  post({
    key: 'campus-de-verano-2026',
    category: 'academy',
    art: 'academy',
    author: 'pablo',
    created: '2026-04-27 08:30',
    es: {
      title: 'Campus de verano 2026: abiertas las inscripciones',
      text: `
        <p>¡Vuelve el campus! Este verano lo celebramos del 22 de junio al 28 de agosto, y llega con dos novedades que seguro que gustan a las familias: horario ampliado opcional y semana temática de competición para los más mayores.</p>
        <h3>Novedades de este año</h3>
        <ul>
        <li><strong>Horario ampliado:</strong> servicio de acogida desde las 8:00 y comedor hasta las 15:30, con un suplemento semanal.</li>
        <li><strong>Semana de competición:</strong> del 20 al 24 de julio, para jugadores de 11 a 14 años que quieran preparar sus primeros torneos.</li>
        <li><strong>Día de la familia:</strong> cada viernes, las familias están invitadas al minitorneo final y a la entrega de medallas.</li>
        </ul>
        <h3>Lo de siempre</h3>
        <p>Pádel por niveles cada mañana, multideporte, piscina en el polideportivo vecino y un almuerzo saludable. Los grupos siguen siendo de ocho niños como máximo por monitor, y todos los monitores son entrenadores titulados de la academia.</p>
        <h3>Precios</h3>
        <p>La semana cuesta 145 €, igual que el año pasado, con un 10 % de descuento para hermanos y alumnos de la academia. Las plazas se pueden reservar semana a semana desde la tienda de la web.</p>
        <p>El año pasado se completaron todas las semanas de julio antes de junio, así que os recomendamos no esperar demasiado.</p>
      `,
    },
    en: {
      title: 'Summer camp 2026: bookings now open',
      text: `
        <p>Camp is back! This summer it runs from 22 June to 28 August, with two new features families are sure to like: optional extended hours and a competition week for the older children.</p>
        <h3>What is new this year</h3>
        <ul>
        <li><strong>Extended hours:</strong> early drop-off from 8 am and lunch until 3:30 pm, for a weekly supplement.</li>
        <li><strong>Competition week:</strong> 20 to 24 July, for players aged 11 to 14 who want to prepare for their first tournaments.</li>
        <li><strong>Family day:</strong> every Friday, families are invited to the closing mini tournament and medal ceremony.</li>
        </ul>
        <h3>Same as ever</h3>
        <p>Padel by level every morning, multi-sport, pool time at the sports centre next door and a healthy snack. Groups are still no larger than eight children per coach, and every coach is a qualified academy coach.</p>
        <h3>Prices</h3>
        <p>A week costs €145, the same as last year, with 10% off for siblings and academy students. Places can be booked week by week in the online shop.</p>
        <p>Last year every July week was full before June, so we recommend not leaving it too late.</p>
      `,
    },
  }),
]

// ---------------------------------------------------------------------------------------------
// Home page

export const demoTestimonials: DemoTestimonial[] = [
  {
    key: 'elena-morales',
    name: 'Elena Morales',
    title: { 'es-ES': 'Socia desde 2016', 'en-US': 'Member since 2016' },
    text: {
      'es-ES':
        'Llegué al club sin haber cogido nunca una pala y hoy juego la liga interna cada temporada. Lo que más valoro es el ambiente: aquí siempre encuentras con quién jugar.',
      'en-US':
        'I came to the club without ever having held a racket, and now I play in the club league every season. What I value most is the atmosphere: there is always someone to play with.',
    },
    image: { kind: 'person-long', hue: TEAL, file: 'demo/people/elena-morales.svg' },
    created: '2025-02-11T10:00:00.000Z',
  },
  {
    key: 'tomas-beltran',
    name: 'Tomás Beltrán',
    title: { 'es-ES': 'Socio desde 2012', 'en-US': 'Member since 2012' },
    text: {
      'es-ES':
        'Llevo más de diez años viniendo tres veces por semana. Las pistas están siempre impecables, reservar es facilísimo y el equipo de recepción te trata como a uno más de la familia.',
      'en-US':
        'I have been coming three times a week for over ten years. The courts are always spotless, booking is effortless and the reception team treat you like one of the family.',
    },
    image: { kind: 'person-beard', hue: '#1d4ed8', file: 'demo/people/tomas-beltran.svg' },
    created: '2025-03-04T10:00:00.000Z',
  },
  {
    key: 'aisha-benali',
    name: 'Aisha Benali',
    title: { 'es-ES': 'Alumna de pilates y pádel', 'en-US': 'Pilates and padel student' },
    text: {
      'es-ES':
        'Empecé con pilates por un dolor de espalda y acabé apuntándome también a las clases de pádel. Lucía y Marta son unas profesionales enormes y se nota que disfrutan enseñando.',
      'en-US':
        'I started Pilates because of back pain and ended up joining the padel classes too. Lucía and Marta are brilliant professionals, and you can tell they love teaching.',
    },
    image: { kind: 'person-curly', hue: CORAL, file: 'demo/people/aisha-benali.svg' },
    created: '2025-05-22T10:00:00.000Z',
  },
  {
    key: 'vicent-ferrando',
    name: 'Vicent Ferrando',
    title: { 'es-ES': 'Jugador de la liga interna', 'en-US': 'Club league player' },
    text: {
      'es-ES':
        'La liga interna me ha dado partidos igualados cada semana y un grupo de amigos con el que ahora también salimos a cenar. No se me ocurre mejor plan para desconectar del trabajo.',
      'en-US':
        'The club league has given me close matches every week and a group of friends I now go out to dinner with. I cannot think of a better way to switch off from work.',
    },
    image: { kind: 'person-short', hue: '#7c3aed', file: 'demo/people/vicent-ferrando.svg' },
    created: '2025-10-08T10:00:00.000Z',
  },
  {
    key: 'claudia-ruiz',
    name: 'Claudia Ruiz',
    title: { 'es-ES': 'Madre de dos alumnos de la academia', 'en-US': 'Mother of two academy students' },
    text: {
      'es-ES':
        'Mis hijos esperan toda la semana a que llegue el día de la academia. Los grupos son pequeños, los entrenadores tienen muchísima paciencia y siempre nos cuentan cómo van avanzando.',
      'en-US':
        'My children spend all week waiting for academy day. The groups are small, the coaches are endlessly patient and they always let us know how the kids are getting on.',
    },
    image: { kind: 'person-bun', hue: '#db2777', file: 'demo/people/claudia-ruiz.svg' },
    created: '2026-01-15T10:00:00.000Z',
  },
  {
    key: 'marco-rossi',
    name: 'Marco Rossi',
    title: { 'es-ES': 'Socio desde 2023', 'en-US': 'Member since 2023' },
    text: {
      'es-ES':
        'Me mudé a València por trabajo sin conocer a nadie. En las americanas de los viernes hice mis primeros amigos aquí, y ahora el club es casi mi segunda casa.',
      'en-US':
        'I moved to València for work without knowing anyone. I made my first friends here at the Friday americanos, and now the club is almost my second home.',
    },
    image: { kind: 'person-short', hue: '#16a34a', file: 'demo/people/marco-rossi.svg' },
    created: '2026-06-03T10:00:00.000Z',
  },
]

export const demoTeam: DemoTeamMember[] = [
  {
    key: 'marta-soler',
    name: AUTHORS.marta,
    title: { 'es-ES': 'Directora deportiva', 'en-US': 'Head of sport' },
    text: {
      'es-ES':
        'Entrenadora nacional de pádel y exjugadora profesional. Dirige la escuela de adultos, las competiciones y las clínicas de técnica del club desde 2014.',
      'en-US':
        'National-level padel coach and former professional player. She has run the club’s adult programme, competitions and technique clinics since 2014.',
    },
    image: { kind: 'person-ponytail', hue: TEAL, file: 'demo/team/marta-soler.svg' },
    created: '2025-01-05T09:00:00.000Z',
  },
  {
    key: 'carlos-ribera',
    name: 'Carlos Ribera',
    title: { 'es-ES': 'Entrenador de pádel', 'en-US': 'Padel coach' },
    text: {
      'es-ES':
        'Especialista en clases particulares y en preparación de torneos. Le encanta grabar en vídeo los golpes de sus alumnos para corregirlos juntos, fotograma a fotograma.',
      'en-US':
        'Specialises in private lessons and tournament preparation. He loves filming his students’ shots so they can fix them together, frame by frame.',
    },
    image: { kind: 'person-short', hue: '#1d4ed8', file: 'demo/team/carlos-ribera.svg' },
    created: '2025-01-05T09:05:00.000Z',
  },
  {
    key: 'pablo-navarro',
    name: AUTHORS.pablo,
    title: { 'es-ES': 'Coordinador de la academia junior', 'en-US': 'Junior academy coordinator' },
    text: {
      'es-ES':
        'Maestro de educación física y entrenador de pádel. Coordina a los casi 180 alumnos de la academia y el campus de verano, y no se pierde ni un torneo de sus jugadores.',
      'en-US':
        'PE teacher and padel coach. He coordinates the academy’s nearly 180 students and the summer camp, and never misses one of his players’ tournaments.',
    },
    image: { kind: 'person-curly', hue: '#db2777', file: 'demo/team/pablo-navarro.svg' },
    created: '2025-01-05T09:10:00.000Z',
  },
  {
    key: 'javier-ortega',
    name: AUTHORS.javier,
    title: {
      'es-ES': 'Preparador físico y entrenador personal',
      'en-US': 'Strength coach and personal trainer',
    },
    text: {
      'es-ES':
        'Graduado en Ciencias de la Actividad Física y del Deporte. Responsable de la sala de fitness y del programa de readaptación de lesiones para jugadores.',
      'en-US':
        'Sports science graduate. He runs the gym and the club’s return-to-play programme for injured players.',
    },
    image: { kind: 'person-beard', hue: '#7c3aed', file: 'demo/team/javier-ortega.svg' },
    created: '2025-01-05T09:15:00.000Z',
  },
  {
    key: 'lucia-ferrer',
    name: AUTHORS.lucia,
    title: {
      'es-ES': 'Nutricionista e instructora de pilates',
      'en-US': 'Nutritionist and Pilates instructor',
    },
    text: {
      'es-ES':
        'Dietista-nutricionista especializada en deporte e instructora de pilates. Imparte las clases de pilates y movilidad y asesora a los socios sobre alimentación.',
      'en-US':
        'Registered dietitian specialising in sport and a certified Pilates instructor. She teaches Pilates and mobility classes and advises members on nutrition.',
    },
    image: { kind: 'person-bun', hue: '#0891b2', file: 'demo/team/lucia-ferrer.svg' },
    created: '2025-01-05T09:20:00.000Z',
  },
  {
    key: 'nuria-climent',
    name: AUTHORS.nuria,
    title: { 'es-ES': 'Atención al socio y recepción', 'en-US': 'Member services and reception' },
    text: {
      'es-ES':
        'La primera sonrisa que ves al llegar. Gestiona reservas, altas y bonos, organiza las americanas de los viernes y sabe el nivel de juego de casi todos los socios.',
      'en-US':
        'The first smile you see when you arrive. She handles bookings, memberships and passes, runs the Friday americanos and knows the level of almost every member.',
    },
    image: { kind: 'person-long', hue: CORAL, file: 'demo/team/nuria-climent.svg' },
    created: '2025-01-05T09:25:00.000Z',
  },
]

export const demoBanners: DemoBanner[] = [
  {
    key: 'book-a-court',
    title: { 'es-ES': 'Reserva tu pista en segundos', 'en-US': 'Book a court in seconds' },
    text: {
      'es-ES': 'Doce pistas, ocho de ellas cubiertas, abiertas de 7:00 a 23:00. Elige hora y a jugar.',
      'en-US': 'Twelve courts, eight of them covered, open from 7 am to 11 pm. Pick a time and play.',
    },
    image: { kind: 'scene-courts', hue: '#1d6fa5', file: 'demo/banners/book-a-court.svg' },
    url: '/bookingtypes',
  },
  {
    key: 'group-classes',
    title: { 'es-ES': 'Tu primera clase colectiva, gratis', 'en-US': 'Your first group class is free' },
    text: {
      'es-ES': 'Pilates, HIIT, funcional y mucho más: más de 35 clases cada semana y sin permanencia.',
      'en-US': 'Pilates, HIIT, functional training and more: over 35 classes a week with no lock-in.',
    },
    image: { kind: 'scene-studio', hue: TEAL, file: 'demo/banners/group-classes.svg' },
    url: '/bookingtypes',
  },
  {
    key: 'gift-cards',
    title: { 'es-ES': 'Regala pádel y fitness', 'en-US': 'Give the gift of padel and fitness' },
    text: {
      'es-ES':
        'Tarjetas regalo de 25, 50 y 100 € para reservas, clases y tienda. Llegan al momento por correo.',
      'en-US':
        'Gift cards of €25, €50 and €100 for bookings, classes and the shop, delivered instantly by email.',
    },
    image: null,
    url: '/shop',
  },
]

export const demoGallery: DemoGalleryItem[] = [
  {
    key: 'courts-from-above',
    title: { 'es-ES': 'Las pistas desde el aire', 'en-US': 'The courts from above' },
    image: { kind: 'scene-courts', hue: '#1d6fa5', file: 'demo/gallery/courts-from-above.svg' },
  },
  {
    key: 'night-matches',
    title: { 'es-ES': 'Partidos bajo los focos', 'en-US': 'Playing under the lights' },
    image: { kind: 'scene-night', hue: '#1d4ed8', file: 'demo/gallery/night-matches.svg' },
  },
  {
    key: 'fitness-room',
    title: { 'es-ES': 'La sala de fitness renovada', 'en-US': 'The renovated gym' },
    image: { kind: 'scene-gym', hue: TEAL, file: 'demo/gallery/fitness-room.svg' },
  },
  {
    key: 'pilates-studio',
    title: { 'es-ES': 'El estudio de pilates y yoga', 'en-US': 'The Pilates and yoga studio' },
    image: { kind: 'scene-studio', hue: '#7c3aed', file: 'demo/gallery/pilates-studio.svg' },
  },
  {
    key: 'cafe-terrace',
    title: { 'es-ES': 'La cafetería, con vistas a las pistas', 'en-US': 'The café, overlooking the courts' },
    image: { kind: 'scene-lounge', hue: TEAL, file: 'demo/gallery/cafe-terrace.svg' },
  },
  {
    key: 'spring-open-podium',
    title: { 'es-ES': 'Entrega de premios del Open de Primavera', 'en-US': 'Spring Open prize-giving' },
    image: { kind: 'scene-podium', hue: '#0f766e', file: 'demo/gallery/spring-open-podium.svg' },
  },
  {
    key: 'mini-padel-saturdays',
    title: { 'es-ES': 'Sábados de minipádel', 'en-US': 'Mini padel Saturdays' },
    image: { kind: 'scene-kids', hue: '#1d6fa5', file: 'demo/gallery/mini-padel-saturdays.svg' },
  },
  {
    key: 'club-shop',
    title: { 'es-ES': 'La tienda del club', 'en-US': 'The club shop' },
    image: { kind: 'scene-shop', hue: TEAL, file: 'demo/gallery/club-shop.svg' },
  },
]

/** Sponsors are the (invented) brands sold in the shop; their links use the reserved .example domain. */
export const demoSponsors: DemoSponsor[] = [
  {
    key: 'tramontana',
    description: 'https://tramontana-padel.example',
    image: { kind: 'mark-peak', hue: '#1d4ed8', file: 'demo/sponsors/tramontana.svg' },
  },
  {
    key: 'xaloc',
    description: 'https://xaloc-sports.example',
    image: { kind: 'mark-bolt', hue: '#7c3aed', file: 'demo/sponsors/xaloc.svg' },
  },
  {
    key: 'garbi',
    description: 'https://garbi-wear.example',
    image: { kind: 'mark-wave', hue: TEAL, file: 'demo/sponsors/garbi.svg' },
  },
  {
    key: 'cierzo',
    description: 'https://cierzo-bags.example',
    image: { kind: 'mark-wing', hue: '#0b3b5c', file: 'demo/sponsors/cierzo.svg' },
  },
  {
    key: 'obrador-horta-nord',
    description: 'https://obrador-horta-nord.example',
    image: { kind: 'mark-leaf', hue: '#65a30d', file: 'demo/sponsors/obrador-horta-nord.svg' },
  },
  {
    key: 'fisio-malvarrosa',
    description: 'https://fisio-malvarrosa.example',
    image: { kind: 'mark-orbit', hue: CORAL, file: 'demo/sponsors/fisio-malvarrosa.svg' },
  },
]
