import type { Services } from '../services.ts'
import type {
  StoredHomeTemplate,
  StoredLegalSettings,
  StoredMainSettings,
} from '../features/content/content.schemas.ts'
import type { Localised } from '../lib/localised.ts'

/**
 * The settings of a small test centre, Centro Prueba, for API tests: its own short texts, so a
 * change of the demo centre's copy never changes what a test reads.
 */

const both = (es: string, en: string): Localised => ({ 'es-ES': es, 'en-US': en })

export const TEST_MAIN_SETTINGS: StoredMainSettings = {
  name: 'Centro Prueba & Co',
  description: both('Un centro deportivo de prueba.', 'A test sports centre.'),
  phone: '+34 900 000 001',
  email: 'hola@centro-prueba.example',
  openHours: both('Lun–Dom 8:00–22:00', 'Mon–Sun 8:00–22:00'),
  address: 'Calle Prueba 1, 46001 València',
  facebook: 'https://www.facebook.com/centroprueba',
  instagram: 'https://www.instagram.com/centroprueba',
  twitter: 'https://twitter.com/centroprueba',
  buttonColor: '#225588',
  footerColor: '#112233',
  fontFamily: 'Inter',
  gallery: both('Galería', 'Gallery'),
  followUsDescription: both('Síguenos.', 'Follow us.'),
  currency: 'EUR',
  currencySymbol: '€',
  decimalSeparator: ',',
  timeZone: 'Europe/Madrid',
  culture: 'es-ES',
  mainlogo: '/uploads/test/logo.svg',
  dateFormat: 'dd/MM/yyyy',
  uploads: '/uploads/',
  registerOn: true,
  customRegisterForm: false,
  headerImage: '/uploads/test/header.svg',
  hasShop: true,
  holdsPerCustomer: 2,
  freeBookingsPerDay: 2,
}

export const TEST_HOME_TEMPLATE: StoredHomeTemplate = {
  mainTrandingProductImage: '/uploads/test/trending.svg',
  mainTrandingProductText: both('Lo nuevo de la tienda', 'New in the shop'),
  number1: 4,
  number2: 300,
  number3: null,
  number4: null,
  textNumbers1: both('Pistas', 'Courts'),
  textNumbers2: both('Socios', 'Members'),
  textNumbers3: both('', ''),
  textNumbers4: both('', ''),
  image1: '/uploads/test/slide-1.svg',
  image2: '/uploads/test/slide-2.svg',
  image3: '/uploads/test/slide-3.svg',
  textColor1: '#ffffff',
  textColor2: '#ffffff',
  textColor3: '#ffffff',
  textSmall1: both('Pádel', 'Padel'),
  textSlideInLeft1: both('Juega', 'Play'),
  textSlideInUp1: both('Reserva pista.', 'Book a court.'),
  textButton1: both('Reservar', 'Book'),
  urlButton1: '/bookingtypes',
  textSmall2: both('Tienda', 'Shop'),
  textSlideInLeft2: both('Compra', 'Buy'),
  textSlideInUp2: both('Todo para tu juego.', 'Everything for your game.'),
  textButton2: both('Ver tienda', 'See the shop'),
  urlButton2: '/shop',
  textSmall3: both('Blog', 'Blog'),
  textSlideInLeft3: both('Lee', 'Read'),
  textSlideInUp3: both('Noticias del centro.', 'News from the centre.'),
  textButton3: both('Leer', 'Read'),
  urlButton3: '/blog',
}

const legal = (es: string, en: string): Localised =>
  both(`<h2>${es}</h2>\n<p>Texto de prueba: ${es}.</p>`, `<h2>${en}</h2>\n<p>Test text: ${en}.</p>`)

export const TEST_LEGAL_SETTINGS: StoredLegalSettings = {
  generalConditions: legal('Condiciones generales', 'General conditions'),
  wayver: legal('Exención de responsabilidad', 'Waiver'),
  privacyPolicyFull: legal('Política de privacidad', 'Privacy policy'),
  cookiesPolicy: legal('Política de cookies', 'Cookie policy'),
}

/** Writes the test centre's main settings, home template and legal texts through the content service. */
export async function saveTestSettings({ content }: Pick<Services, 'content'>) {
  await content.saveSettings('main', TEST_MAIN_SETTINGS)
  await content.saveSettings('template', TEST_HOME_TEMPLATE)
  await content.saveSettings('legal', TEST_LEGAL_SETTINGS)
}

/**
 * The test centre's settings with other limits per customer (decision 074): for tests whose customers
 * keep more holds or free bookings than a centre allows by default, across their cases.
 */
export async function setCustomerLimits(
  { content }: Pick<Services, 'content'>,
  limits: { holdsPerCustomer?: number; freeBookingsPerDay?: number },
) {
  await content.saveSettings('main', { ...TEST_MAIN_SETTINGS, ...limits })
}
