import type {
  StoredHomeTemplate,
  StoredLegalSettings,
  StoredMainSettings,
} from '../../features/content/content.schemas.ts'

/**
 * The demo centre: a padel and fitness club in València with its settings, home page and legal
 * texts in Spanish and English. Images live in ./assets/demo and are served under /uploads/demo/.
 */

const CENTRE = {
  name: 'Club Mistral Pádel & Fitness',
  company: 'Mistral Sport Club, S.L.',
  taxId: 'B98765431',
  address: 'Carrer de la Brisa, 14, 46011 València',
  phone: '+34 963 00 12 34',
  phoneHref: 'tel:+34963001234',
  email: 'hola@clubmistral.es',
  privacyEmail: 'privacidad@clubmistral.es',
  handle: 'clubmistralvlc',
} as const

/** The centre's name escaped for HTML. */
const NAME = CENTRE.name.replace('&', '&amp;')

/** Trims the indentation of a multi-line HTML literal, one block element per line. */
function html(text: string): string {
  return text
    .trim()
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .join('\n')
}

const mail = (address: string) => `<a href="mailto:${address}">${address}</a>`
const phone = `<a href="${CENTRE.phoneHref}">${CENTRE.phone}</a>`

export const demoMainSettings: StoredMainSettings = {
  name: CENTRE.name,
  description: {
    'es-ES':
      'Club Mistral es un centro de pádel y fitness a cinco minutos de la playa de la Malva-rosa, con 12 pistas, sala de entrenamiento y más de 35 clases colectivas cada semana. Reserva pista, apúntate a una clase o encuentra pareja de juego en un club pensado para jugar, entrenar y disfrutar.',
    'en-US':
      'Club Mistral is a padel and fitness centre five minutes from Malva-rosa beach, with 12 courts, a fully equipped gym and more than 35 group classes every week. Book a court, join a class or find a playing partner at a club built for playing, training and having a good time.',
  },
  phone: CENTRE.phone,
  email: CENTRE.email,
  openHours: {
    'es-ES': 'Lun–Vie 7:00–23:00 · Sáb–Dom 8:00–21:00',
    'en-US': 'Mon–Fri 7:00–23:00 · Sat–Sun 8:00–21:00',
  },
  address: CENTRE.address,
  facebook: `https://www.facebook.com/${CENTRE.handle}`,
  instagram: `https://www.instagram.com/${CENTRE.handle}`,
  twitter: `https://twitter.com/${CENTRE.handle}`,
  buttonColor: '#0f766e',
  footerColor: '#0b1a2c',
  fontFamily: 'Inter',
  gallery: {
    'es-ES': 'El club por dentro',
    'en-US': 'Inside the club',
  },
  followUsDescription: {
    'es-ES': 'Síguenos para enterarte antes que nadie de torneos, clases nuevas y ofertas para socios.',
    'en-US': 'Follow us to be the first to hear about tournaments, new classes and member offers.',
  },
  currency: 'EUR',
  currencySymbol: '€',
  decimalSeparator: ',',
  timeZone: 'Europe/Madrid',
  culture: 'es-ES',
  mainlogo: '/uploads/demo/logo.svg',
  dateFormat: 'dd/MM/yyyy',
  uploads: '/uploads/',
  registerOn: true,
  headerImage: '/uploads/demo/header.svg',
  hasShop: true,
}

export const demoHomeTemplate: StoredHomeTemplate = {
  mainTrandingProductImage: '/uploads/demo/trending.svg',
  number1: 12,
  number2: 2400,
  number3: 35,
  number4: 18,
  textNumbers1: { 'es-ES': 'Pistas de pádel', 'en-US': 'Padel courts' },
  textNumbers2: { 'es-ES': 'Socios activos', 'en-US': 'Active members' },
  textNumbers3: { 'es-ES': 'Clases cada semana', 'en-US': 'Classes every week' },
  textNumbers4: { 'es-ES': 'Años de club', 'en-US': 'Years on court' },
  image1: '/uploads/demo/slide-1.svg',
  image2: '/uploads/demo/slide-2.svg',
  image3: '/uploads/demo/slide-3.svg',
  textColor1: '#ffffff',
  textColor2: '#ffffff',
  textColor3: '#ffffff',
  textSmall1: { 'es-ES': 'Pádel en València', 'en-US': 'Padel in València' },
  textSlideInLeft1: {
    'es-ES': 'Tu próxima partida empieza aquí',
    'en-US': 'Your next match starts here',
  },
  textSlideInUp1: {
    'es-ES': '12 pistas panorámicas, 8 de ellas cubiertas. Reserva online en segundos, de 7:00 a 23:00.',
    'en-US': '12 panoramic courts, 8 of them covered. Book online in seconds, from 7 am to 11 pm.',
  },
  textButton1: { 'es-ES': 'Reservar pista', 'en-US': 'Book a court' },
  urlButton1: '/bookingtypes',
  textSmall2: { 'es-ES': 'Sala de fitness', 'en-US': 'Fitness & gym' },
  textSlideInLeft2: {
    'es-ES': 'Entrena a tu ritmo, con quien sabe',
    'en-US': 'Train at your pace, with people who know',
  },
  textSlideInUp2: {
    'es-ES': 'Equipamiento de fuerza y cardio, entrenadores titulados y bonos sin permanencia.',
    'en-US': 'Strength and cardio equipment, qualified coaches and passes with no lock-in.',
  },
  textButton2: { 'es-ES': 'Ver bonos y cuotas', 'en-US': 'See passes and memberships' },
  urlButton2: '/shop',
  textSmall3: { 'es-ES': 'Comunidad Mistral', 'en-US': 'The Mistral community' },
  textSlideInLeft3: {
    'es-ES': 'Clases, torneos y buen ambiente',
    'en-US': 'Classes, tournaments and good company',
  },
  textSlideInUp3: {
    'es-ES': 'Más de 35 clases colectivas a la semana. Novedades, horarios y consejos de nuestro equipo.',
    'en-US': 'Over 35 group classes a week. News, timetables and tips from our coaches.',
  },
  textButton3: { 'es-ES': 'Leer el blog', 'en-US': 'Read the blog' },
  urlButton3: '/blog',
}

const generalConditionsEs = html(`
<h2>Condiciones generales de contratación y uso</h2>
<p><em>Última actualización: 1 de marzo de 2025</em></p>
<h3>1. Quiénes somos</h3>
<p>Este sitio web y las instalaciones de <strong>${NAME}</strong> (en adelante, «el Club») son gestionados por <strong>${CENTRE.company}</strong>, con NIF ${CENTRE.taxId} y domicilio en ${CENTRE.address}, inscrita en el Registro Mercantil de Valencia, tomo 10.452, folio 87, hoja V-178236. Puedes contactar con nosotros en el teléfono ${phone}, en ${mail(CENTRE.email)} o en la recepción del Club.</p>
<h3>2. Objeto y aceptación</h3>
<p>Estas condiciones regulan el uso de este sitio web, el registro como cliente, la reserva de pistas y clases, la contratación de cuotas y bonos y la compra de productos en la tienda online. Al registrarte, reservar o comprar declaras haberlas leído y aceptarlas. Te recomendamos guardar o imprimir una copia; la versión vigente estará siempre disponible en esta página.</p>
<h3>3. Registro y cuenta de cliente</h3>
<ul>
<li>Para reservar o comprar necesitas una cuenta personal con datos veraces y actualizados. Eres responsable de custodiar tu contraseña y de toda la actividad que se realice con tu cuenta.</li>
<li>Los menores de 14 años solo pueden ser dados de alta por su madre, padre o tutor legal, que asume la responsabilidad de la cuenta.</li>
<li>Podemos suspender o cancelar una cuenta si se utiliza de forma fraudulenta o si su titular incumple de forma grave o reiterada estas condiciones o las normas del Club.</li>
</ul>
<h3>4. Reservas de pistas y clases</h3>
<ul>
<li>Puedes reservar en la web o en recepción. La reserva queda confirmada cuando recibes el correo de confirmación y, en su caso, se completa el pago.</li>
<li>Puedes cancelar sin coste hasta <strong>24 horas antes</strong> del inicio de la reserva o de la clase. Las cancelaciones posteriores y las ausencias no dan derecho a devolución, salvo que otro jugador ocupe el hueco que has dejado libre.</li>
<li>Te pedimos que llegues con al menos 10 minutos de antelación. La reserva termina a la hora prevista aunque hayáis empezado más tarde, para no retrasar el turno siguiente.</li>
<li>Si no pudieras disfrutar de tu reserva por causas imputables al Club (averías, mantenimiento urgente o lluvia en las pistas exteriores), te ofreceremos otro horario o la devolución íntegra del importe.</li>
<li>Las clases colectivas tienen plazas limitadas. El Club puede anular una clase que no alcance el mínimo de participantes; te avisaremos con la mayor antelación posible y te devolveremos el importe o la sesión del bono.</li>
</ul>
<h3>5. Cuotas de socio y bonos</h3>
<p>Las cuotas de socio se cobran por mes adelantado, mediante domiciliación bancaria o con la tarjeta que tengas guardada, entre los días 1 y 5 de cada mes. Puedes darte de baja en cualquier momento comunicándolo por escrito con al menos 15 días de antelación al siguiente cobro; la baja será efectiva al final del mes en curso. Los bonos de sesiones son personales e intransferibles, se consumen por orden de compra y caducan en la fecha indicada en cada uno. Puedes consultar el saldo de tus bonos y tarjetas regalo en tu área de cliente.</p>
<h3>6. Compras en la tienda online</h3>
<ul>
<li>Los precios se muestran en euros e incluyen el IVA correspondiente. Los gastos de envío, si los hay, se indican antes de confirmar el pedido; la recogida en recepción es gratuita.</li>
<li>Aceptamos el pago con tarjeta a través de una pasarela segura. El Club no almacena en ningún caso los datos completos de tu tarjeta.</li>
<li>Dispones de <strong>14 días naturales</strong> desde la recepción de un producto para desistir de la compra sin necesidad de justificarlo, devolviéndolo en perfecto estado y con su embalaje original. Te reembolsaremos el importe en un plazo máximo de 14 días desde que nos comuniques tu decisión, y podremos retenerlo hasta recibir el producto.</li>
<li>Conforme al artículo 103 del texto refundido de la Ley General para la Defensa de los Consumidores y Usuarios, el derecho de desistimiento no se aplica a los servicios de ocio con una fecha o un periodo de ejecución determinados, como las reservas de pista o de clase, que se rigen por la política de cancelación del apartado 4.</li>
<li>Todos los productos cuentan con la garantía legal de conformidad de tres años.</li>
</ul>
<h3>7. Normas de uso de las instalaciones</h3>
<ul>
<li>Es obligatorio usar calzado deportivo adecuado: suela de pádel o multipista en las pistas y calzado limpio en la sala de fitness.</li>
<li>Respeta los horarios, el material y al resto de usuarios, y sigue en todo momento las indicaciones del personal del Club.</li>
<li>Los menores de 16 años deben estar acompañados por un adulto en la sala de fitness, salvo en las actividades dirigidas por un monitor del Club.</li>
<li>No está permitido fumar ni entrar con envases de vidrio en ninguna zona de las instalaciones.</li>
</ul>
<h3>8. Responsabilidad</h3>
<p>El Club mantiene sus instalaciones en condiciones adecuadas de seguridad y tiene contratado un seguro de responsabilidad civil. No responde de los objetos que se dejen fuera de las taquillas ni de los daños causados por un uso indebido de las instalaciones o por no seguir las indicaciones del personal. La práctica deportiva conlleva riesgos propios, que se describen en el documento de <a href="/wayver">exención de responsabilidad y aceptación de riesgos</a>.</p>
<h3>9. Cambios en estas condiciones</h3>
<p>Podemos actualizar estas condiciones para adaptarlas a cambios legales o de nuestros servicios. Los cambios se publicarán en esta página y no afectarán a las reservas ni a las compras ya confirmadas. Si afectan a las cuotas de socio, te los comunicaremos con al menos 30 días de antelación.</p>
<h3>10. Ley aplicable y reclamaciones</h3>
<p>Estas condiciones se rigen por la legislación española. Si tienes cualquier queja, escríbenos a ${mail(CENTRE.email)} y te responderemos en un plazo máximo de 30 días. También tienes a tu disposición hojas oficiales de reclamación en la recepción del Club y puedes acudir a los servicios de consumo de la Generalitat Valenciana. Cualquier controversia se someterá a los juzgados y tribunales del domicilio del consumidor.</p>
`)

const generalConditionsEn = html(`
<h2>General terms and conditions</h2>
<p><em>Last updated: 1 March 2025</em></p>
<h3>1. Who we are</h3>
<p>This website and the facilities of <strong>${NAME}</strong> (“the Club”) are operated by <strong>${CENTRE.company}</strong>, tax ID (NIF) ${CENTRE.taxId}, with its registered office at ${CENTRE.address}, Spain, entered in the Valencia Companies Register, volume 10452, folio 87, sheet V-178236. You can reach us on ${phone}, at ${mail(CENTRE.email)} or at the Club's reception desk.</p>
<h3>2. Scope and acceptance</h3>
<p>These terms govern the use of this website, registering as a customer, booking courts and classes, buying memberships and passes, and purchasing products from the online shop. By registering, booking or buying you confirm that you have read and accept them. We recommend that you save or print a copy; the current version is always available on this page.</p>
<h3>3. Your customer account</h3>
<ul>
<li>You need a personal account with accurate, up-to-date details to book or buy. You are responsible for keeping your password safe and for all activity carried out with your account.</li>
<li>Children under 14 may only be registered by a parent or legal guardian, who takes responsibility for the account.</li>
<li>We may suspend or close an account that is used fraudulently or whose holder seriously or repeatedly breaches these terms or the Club rules.</li>
</ul>
<h3>4. Court and class bookings</h3>
<ul>
<li>You can book online or at reception. A booking is confirmed once you receive the confirmation email and, where applicable, payment has gone through.</li>
<li>You can cancel free of charge up to <strong>24 hours before</strong> your booking or class starts. Later cancellations and no-shows are not refunded, unless another player takes the slot you have released.</li>
<li>Please arrive at least 10 minutes early. Bookings end at the scheduled time even if you started late, so that the next group is not kept waiting.</li>
<li>If you cannot use your booking for reasons attributable to the Club (a breakdown, urgent maintenance or rain on the outdoor courts), we will offer you another time or a full refund.</li>
<li>Group classes have a limited number of places. The Club may cancel a class that does not reach the minimum number of participants; we will tell you as early as possible and refund the price or the session on your pass.</li>
</ul>
<h3>5. Memberships and passes</h3>
<p>Membership fees are charged monthly in advance, by direct debit or to your saved card, between the 1st and the 5th of each month. You can cancel at any time by telling us in writing at least 15 days before the next payment; your membership then ends on the last day of the current month. Session passes are personal and non-transferable, are used in order of purchase and expire on the date shown on each pass. You can check the balance of your passes and gift cards in your customer area.</p>
<h3>6. Buying from the online shop</h3>
<ul>
<li>Prices are shown in euros and include VAT. Any delivery charges are shown before you confirm your order; collection at reception is free.</li>
<li>We accept card payments through a secure payment gateway. The Club never stores your full card details.</li>
<li>You have <strong>14 calendar days</strong> from receiving a product to cancel the purchase without giving a reason, returning it in perfect condition and in its original packaging. We will refund you within 14 days of hearing from you, and may hold the refund until we have received the product back.</li>
<li>Under Article 103 of the Spanish consolidated Consumer and User Protection Act, the right of withdrawal does not apply to leisure services provided on a specific date or within a specific period, such as court or class bookings; these are covered by the cancellation policy in section 4.</li>
<li>All products come with the three-year statutory guarantee of conformity.</li>
</ul>
<h3>7. Facility rules</h3>
<ul>
<li>Suitable sports footwear is required: padel or all-court soles on the courts and clean shoes in the gym.</li>
<li>Please respect booking times, the equipment and other members, and follow the instructions of Club staff at all times.</li>
<li>Under-16s must be accompanied by an adult in the gym, except during activities led by a Club instructor.</li>
<li>Smoking and glass containers are not allowed anywhere in the facilities.</li>
</ul>
<h3>8. Liability</h3>
<p>The Club keeps its facilities in a safe condition and holds public liability insurance. It is not liable for belongings left outside the lockers, or for damage caused by misuse of the facilities or by not following staff instructions. Sport carries inherent risks, which are set out in our <a href="/wayver">waiver and release of liability</a>.</p>
<h3>9. Changes to these terms</h3>
<p>We may update these terms to reflect changes in the law or in our services. Changes will be published on this page and will not affect bookings or purchases already confirmed. If they affect membership fees, we will let you know at least 30 days in advance.</p>
<h3>10. Governing law and complaints</h3>
<p>These terms are governed by Spanish law. If you have a complaint, email us at ${mail(CENTRE.email)} and we will reply within 30 days. Official complaint forms are also available at reception, and you can contact the consumer affairs services of the Generalitat Valenciana. Any dispute will be heard by the courts of the consumer's place of residence.</p>
`)

const waiverEs = html(`
<h2>Exención de responsabilidad y aceptación de riesgos</h2>
<p>Este documento forma parte de las condiciones de uso de <strong>${NAME}</strong>, gestionado por ${CENTRE.company} (NIF ${CENTRE.taxId}). Al registrarte, reservar una pista, apuntarte a una clase o acceder a las instalaciones declaras haberlo leído, entendido y aceptado. Si tienes cualquier duda, pregunta en recepción antes de empezar a entrenar.</p>
<h3>1. Estado de salud y aptitud física</h3>
<p>Declaras que tu estado de salud es adecuado para la actividad que vas a realizar y que no padeces ninguna enfermedad, lesión o condición que la desaconseje. Te recomendamos hacerte un reconocimiento médico antes de empezar cualquier programa de ejercicio, sobre todo si tienes más de 40 años, llevas tiempo sin hacer deporte, estás embarazada o sigues algún tratamiento médico.</p>
<p>Si tu estado de salud cambia, comunícalo al equipo técnico para que pueda adaptar tus ejercicios. Durante la actividad, detente de inmediato y avisa a un monitor si notas dolor en el pecho, mareo, una falta de aire fuera de lo normal o cualquier otro síntoma que te preocupe.</p>
<h3>2. Riesgos propios de la actividad</h3>
<p>La práctica del pádel, el entrenamiento de fuerza y las clases colectivas implican riesgos que no pueden eliminarse por completo, entre ellos:</p>
<ul>
<li>golpes con la pelota o la pala y choques con las paredes de cristal, la red u otros jugadores;</li>
<li>esguinces, torceduras, tendinitis, contracturas y roturas fibrilares;</li>
<li>caídas por resbalones, cambios bruscos de dirección o cansancio;</li>
<li>lesiones por un uso incorrecto de las máquinas, las pesas u otro material;</li>
<li>golpes de calor o deshidratación en las pistas exteriores durante los meses de verano.</li>
</ul>
<p>Aceptas estos riesgos de forma libre y consciente como inherentes a la práctica deportiva.</p>
<h3>3. Tus compromisos</h3>
<ul>
<li>Calentar antes de empezar y ajustar la intensidad a tu nivel y a tu condición física.</li>
<li>Usar ropa y calzado adecuados y, en la sala de fitness, llevar toalla y utilizar material en buen estado.</li>
<li>Seguir las indicaciones de los monitores y las instrucciones de cada máquina, y pedir ayuda si no sabes cómo se utiliza.</li>
<li>Dejar el material en su sitio y avisar al personal de cualquier desperfecto o situación de riesgo que detectes.</li>
<li>No hacer ejercicio bajo los efectos del alcohol, de drogas o de medicamentos que reduzcan tu capacidad de reacción.</li>
</ul>
<h3>4. Alcance de la exención</h3>
<p>En la medida en que la ley lo permite, eximes al Club, a su personal y a sus colaboradores de la responsabilidad por los daños o lesiones que sufras como consecuencia de los riesgos propios de la actividad descritos en el apartado 2, de una práctica deportiva que no se ajuste a tu estado de salud o del incumplimiento de estos compromisos o de las indicaciones del personal.</p>
<p>Esta exención <strong>no limita</strong> la responsabilidad del Club por los daños causados por dolo o negligencia, por el mal estado de las instalaciones o del material que pone a tu disposición, ni afecta a ninguno de los derechos irrenunciables que te reconoce la normativa de consumidores y usuarios.</p>
<h3>5. Seguros y primeros auxilios</h3>
<p>El Club tiene contratado un seguro de responsabilidad civil que cubre los daños de los que deba responder. No se trata de un seguro de accidentes personales: si compites o entrenas con frecuencia, te recomendamos tener licencia federativa o un seguro de accidentes propio. En caso de lesión, el personal te prestará los primeros auxilios y, si es necesario, avisará a los servicios de emergencia (112). Disponemos de un desfibrilador en recepción y de personal formado para utilizarlo.</p>
<h3>6. Menores de edad</h3>
<p>Los menores de 18 años solo pueden participar con la autorización de su madre, padre o tutor legal, que acepta este documento en su nombre y se compromete a explicarle su contenido. Los menores de 16 años solo pueden usar la sala de fitness acompañados por un adulto o dentro de una actividad dirigida por un monitor del Club.</p>
<h3>7. Objetos personales</h3>
<p>Utiliza las taquillas para guardar tus pertenencias. El Club no se hace responsable de la pérdida, el robo o el deterioro de los objetos que se dejen fuera de ellas, en las pistas, en los vestuarios o en las zonas comunes.</p>
<h3>8. Aceptación</h3>
<p>Al marcar la casilla de aceptación durante el registro o al confirmar una reserva declaras que la información sobre tu salud que nos has facilitado es veraz y que aceptas el contenido de este documento. Para cualquier consulta puedes escribirnos a ${mail(CENTRE.email)} o llamarnos al ${phone}.</p>
`)

const waiverEn = html(`
<h2>Waiver and release of liability</h2>
<p>This document forms part of the terms of use of <strong>${NAME}</strong>, operated by ${CENTRE.company} (tax ID ${CENTRE.taxId}). By registering, booking a court, signing up for a class or entering the facilities you confirm that you have read, understood and accepted it. If anything is unclear, please ask at reception before you start training.</p>
<h3>1. Health and fitness to take part</h3>
<p>You confirm that your health is suitable for the activity you are about to do and that you have no illness, injury or condition that would make it inadvisable. We recommend a medical check-up before starting any exercise programme, especially if you are over 40, have not exercised for some time, are pregnant or are receiving medical treatment.</p>
<p>If your health changes, tell our coaching team so they can adapt your exercises. During any activity, stop at once and tell an instructor if you feel chest pain, dizziness, unusual shortness of breath or any other symptom that worries you.</p>
<h3>2. Risks inherent in the activity</h3>
<p>Padel, strength training and group classes carry risks that cannot be removed entirely, including:</p>
<ul>
<li>being hit by the ball or a racket, and colliding with the glass walls, the net or other players;</li>
<li>sprains, twisted ankles, tendinitis, muscle strains and tears;</li>
<li>falls caused by slipping, sudden changes of direction or fatigue;</li>
<li>injuries from using machines, weights or other equipment incorrectly;</li>
<li>heat stroke or dehydration on the outdoor courts in the summer months.</li>
</ul>
<p>You accept these risks freely and knowingly as an inherent part of playing sport.</p>
<h3>3. Your commitments</h3>
<ul>
<li>Warm up before you start and match the intensity to your level and fitness.</li>
<li>Wear suitable clothing and footwear and, in the gym, bring a towel and only use equipment that is in good condition.</li>
<li>Follow your instructors' directions and the instructions on each machine, and ask for help if you are not sure how to use it.</li>
<li>Put equipment back after use and report any damage or hazard you notice to a member of staff.</li>
<li>Do not exercise under the influence of alcohol, drugs or medication that slows your reactions.</li>
</ul>
<h3>4. Scope of the release</h3>
<p>To the extent permitted by law, you release the Club, its staff and its partners from liability for any damage or injury you suffer as a result of the inherent risks described in section 2, of exercising in a way that does not suit your state of health, or of failing to keep these commitments or to follow staff instructions.</p>
<p>This release <strong>does not limit</strong> the Club's liability for damage caused intentionally or negligently, or by the poor condition of the facilities or equipment it provides, and it does not affect any of the rights that consumer protection law gives you and that cannot be waived.</p>
<h3>5. Insurance and first aid</h3>
<p>The Club holds public liability insurance covering damage for which it is responsible. This is not personal accident insurance: if you compete or train regularly, we recommend that you hold a federation licence or take out your own accident cover. If you are injured, our staff will give first aid and, if needed, call the emergency services (112). There is a defibrillator at reception and our staff are trained to use it.</p>
<h3>6. Minors</h3>
<p>Under-18s may only take part with the permission of a parent or legal guardian, who accepts this document on their behalf and undertakes to explain it to them. Under-16s may only use the gym when accompanied by an adult or during an activity led by a Club instructor.</p>
<h3>7. Personal belongings</h3>
<p>Please use the lockers to store your belongings. The Club is not responsible for the loss, theft or damage of items left outside them, on the courts, in the changing rooms or in common areas.</p>
<h3>8. Acceptance</h3>
<p>By ticking the acceptance box when you register or by confirming a booking, you declare that the health information you have given us is true and that you accept this document. If you have any questions, email us at ${mail(CENTRE.email)} or call us on ${phone}.</p>
`)

const privacyEs = html(`
<h2>Política de privacidad</h2>
<p><em>Última actualización: 1 de marzo de 2025</em></p>
<p>En ${NAME} nos tomamos en serio la protección de tus datos. Esta política explica qué datos personales tratamos, con qué fines, durante cuánto tiempo y qué derechos tienes, de acuerdo con el Reglamento (UE) 2016/679, General de Protección de Datos (RGPD), y la Ley Orgánica 3/2018, de Protección de Datos Personales y garantía de los derechos digitales (LOPDGDD).</p>
<h3>1. Responsable del tratamiento</h3>
<ul>
<li><strong>Responsable:</strong> ${CENTRE.company}, NIF ${CENTRE.taxId}</li>
<li><strong>Dirección:</strong> ${CENTRE.address}</li>
<li><strong>Teléfono:</strong> ${phone}</li>
<li><strong>Correo electrónico:</strong> ${mail(CENTRE.email)}</li>
<li><strong>Consultas sobre privacidad:</strong> ${mail(CENTRE.privacyEmail)}</li>
</ul>
<h3>2. Qué datos tratamos</h3>
<p>Tratamos los datos que nos facilitas al registrarte, reservar, comprar o ponerte en contacto con nosotros: nombre y apellidos, DNI, fecha de nacimiento, sexo, dirección postal, correo electrónico, teléfono, titular e IBAN de la cuenta para domiciliar las cuotas, tu historial de reservas, pedidos y bonos, y la información que decidas añadir en los campos adicionales del registro. Los pagos con tarjeta se procesan en la pasarela de nuestra entidad bancaria; nosotros solo conservamos un identificador de la tarjeta y sus últimas cifras.</p>
<p>No pedimos datos de salud de forma sistemática. Si decides contarnos una lesión o una condición médica para que adaptemos tu entrenamiento, la trataremos únicamente con ese fin y sobre la base de tu consentimiento explícito.</p>
<h3>3. Finalidades, base jurídica y plazos de conservación</h3>
<table>
<thead>
<tr><th scope="col">Finalidad</th><th scope="col">Base jurídica</th><th scope="col">Conservación</th></tr>
</thead>
<tbody>
<tr><td>Gestionar tu cuenta, tus reservas, clases, cuotas y compras</td><td>Ejecución del contrato (art. 6.1.b RGPD)</td><td>Mientras tu cuenta esté activa y, después, durante los plazos de prescripción legal</td></tr>
<tr><td>Facturación, contabilidad y obligaciones fiscales</td><td>Obligación legal (art. 6.1.c RGPD)</td><td>6 años (Código de Comercio) y 4 años (normativa tributaria)</td></tr>
<tr><td>Avisos sobre tus reservas y cambios en el servicio</td><td>Ejecución del contrato (art. 6.1.b RGPD)</td><td>Mientras dure la relación</td></tr>
<tr><td>Envío de novedades, ofertas y promociones del Club</td><td>Consentimiento (art. 6.1.a RGPD)</td><td>Hasta que retires tu consentimiento</td></tr>
<tr><td>Atención de consultas y reclamaciones</td><td>Interés legítimo y obligación legal</td><td>Hasta resolverlas y durante los plazos legales</td></tr>
<tr><td>Seguridad de las instalaciones mediante videovigilancia</td><td>Interés público (art. 22 LOPDGDD)</td><td>Un mes como máximo, salvo que las imágenes sean necesarias para acreditar un incidente</td></tr>
</tbody>
</table>
<h3>4. Con quién compartimos tus datos</h3>
<p>No vendemos tus datos. Solo los comunicamos a terceros cuando es necesario: a entidades bancarias y pasarelas de pago para cobrar tus compras y cuotas, a la Agencia Tributaria y a otras administraciones cuando la ley lo exige, y a compañías aseguradoras en caso de siniestro. También acceden a ellos los proveedores que nos prestan servicios de alojamiento web, software de gestión y envío de correo electrónico, siempre bajo un contrato de encargo del tratamiento conforme al artículo 28 del RGPD.</p>
<h3>5. Transferencias internacionales</h3>
<p>Nuestros proveedores principales almacenan los datos en la Unión Europea. Si alguno tuviera que tratarlos fuera del Espacio Económico Europeo, solo lo haría con las garantías que prevé el RGPD, como una decisión de adecuación de la Comisión Europea o las cláusulas contractuales tipo.</p>
<h3>6. Tus derechos</h3>
<p>Puedes ejercer en cualquier momento tus derechos de:</p>
<ul>
<li><strong>acceso</strong> a tus datos personales;</li>
<li><strong>rectificación</strong> de los datos inexactos y <strong>supresión</strong> de los que ya no sean necesarios;</li>
<li><strong>oposición</strong> al tratamiento y <strong>limitación</strong> del tratamiento;</li>
<li><strong>portabilidad</strong> de los datos que nos hayas facilitado;</li>
<li><strong>retirada del consentimiento</strong>, sin que ello afecte a la licitud del tratamiento anterior.</li>
</ul>
<p>Para ejercerlos, escríbenos a ${mail(CENTRE.privacyEmail)} o a nuestra dirección postal, indicando el derecho que quieres ejercer y aportando un medio que nos permita identificarte. Te responderemos en el plazo de un mes. Muchos de tus datos puedes consultarlos y modificarlos directamente en «Mi cuenta». Si consideras que no hemos atendido correctamente tu solicitud, puedes presentar una reclamación ante la <a href="https://www.aepd.es">Agencia Española de Protección de Datos</a>.</p>
<h3>7. Menores de edad</h3>
<p>Los menores de 14 años no pueden registrarse por sí mismos: el alta debe hacerla su madre, padre o tutor legal, tal como establece el artículo 7 de la LOPDGDD.</p>
<h3>8. Comunicaciones comerciales</h3>
<p>Solo te enviaremos información publicitaria o promocional si has marcado la casilla correspondiente. Puedes darte de baja en cualquier momento desde el enlace que incluye cada envío, desde tu área de cliente o escribiéndonos, conforme a la Ley 34/2002, de servicios de la sociedad de la información y de comercio electrónico (LSSI).</p>
<h3>9. Seguridad</h3>
<p>Aplicamos medidas técnicas y organizativas adecuadas al riesgo, como conexiones cifradas, contraseñas guardadas de forma irreversible, acceso del personal limitado a lo que necesita para su trabajo y copias de seguridad periódicas.</p>
<h3>10. Cambios en esta política</h3>
<p>Podemos actualizar esta política para reflejar cambios legales o de nuestros servicios. La versión vigente estará siempre publicada en esta página y, si los cambios son importantes, te avisaremos por correo electrónico.</p>
`)

const privacyEn = html(`
<h2>Privacy policy</h2>
<p><em>Last updated: 1 March 2025</em></p>
<p>At ${NAME} we take the protection of your data seriously. This policy explains what personal data we process, why, for how long and what rights you have, in line with the EU General Data Protection Regulation 2016/679 (GDPR) and the Spanish Organic Law 3/2018 on the Protection of Personal Data and Guarantee of Digital Rights (LOPDGDD).</p>
<h3>1. Data controller</h3>
<ul>
<li><strong>Controller:</strong> ${CENTRE.company}, tax ID (NIF) ${CENTRE.taxId}</li>
<li><strong>Address:</strong> ${CENTRE.address}, Spain</li>
<li><strong>Phone:</strong> ${phone}</li>
<li><strong>Email:</strong> ${mail(CENTRE.email)}</li>
<li><strong>Privacy enquiries:</strong> ${mail(CENTRE.privacyEmail)}</li>
</ul>
<h3>2. The data we process</h3>
<p>We process the data you give us when you register, book, buy or contact us: first name and surname, ID number (DNI), date of birth, gender, postal address, email address, phone number, account holder and IBAN for direct debit of membership fees, your history of bookings, orders and passes, and any information you choose to add in the optional registration fields. Card payments are processed by our bank's payment gateway; we only keep a reference to the card and its last digits.</p>
<p>We do not routinely ask for health data. If you choose to tell us about an injury or medical condition so that we can adapt your training, we will use it only for that purpose and on the basis of your explicit consent.</p>
<h3>3. Purposes, legal basis and retention</h3>
<table>
<thead>
<tr><th scope="col">Purpose</th><th scope="col">Legal basis</th><th scope="col">Retention</th></tr>
</thead>
<tbody>
<tr><td>Managing your account, bookings, classes, membership and purchases</td><td>Performance of a contract (Art. 6(1)(b) GDPR)</td><td>While your account is active and then for the statutory limitation periods</td></tr>
<tr><td>Invoicing, accounting and tax obligations</td><td>Legal obligation (Art. 6(1)(c) GDPR)</td><td>6 years (Commercial Code) and 4 years (tax law)</td></tr>
<tr><td>Notices about your bookings and changes to the service</td><td>Performance of a contract (Art. 6(1)(b) GDPR)</td><td>For as long as our relationship lasts</td></tr>
<tr><td>Sending Club news, offers and promotions</td><td>Consent (Art. 6(1)(a) GDPR)</td><td>Until you withdraw your consent</td></tr>
<tr><td>Handling enquiries and complaints</td><td>Legitimate interest and legal obligation</td><td>Until resolved and then for the statutory periods</td></tr>
<tr><td>Security of the premises through CCTV</td><td>Public interest (Art. 22 LOPDGDD)</td><td>One month at most, unless the footage is needed as evidence of an incident</td></tr>
</tbody>
</table>
<h3>4. Who we share your data with</h3>
<p>We do not sell your data. We only disclose it to third parties where necessary: to banks and payment gateways to collect payment for your purchases and fees, to the Spanish Tax Agency and other authorities when the law requires it, and to insurers if there is a claim. Our providers of web hosting, management software and email delivery also have access to it, always under a data processing agreement in accordance with Article 28 GDPR.</p>
<h3>5. International transfers</h3>
<p>Our main providers store data within the European Union. If any of them needed to process it outside the European Economic Area, they would only do so with the safeguards laid down in the GDPR, such as an adequacy decision of the European Commission or standard contractual clauses.</p>
<h3>6. Your rights</h3>
<p>You may at any time exercise your right to:</p>
<ul>
<li><strong>access</strong> your personal data;</li>
<li><strong>rectify</strong> inaccurate data and <strong>erase</strong> data that is no longer needed;</li>
<li><strong>object</strong> to processing and <strong>restrict</strong> processing;</li>
<li><strong>data portability</strong> for the data you have provided to us;</li>
<li><strong>withdraw your consent</strong>, without affecting the lawfulness of processing carried out before.</li>
</ul>
<p>To exercise these rights, email ${mail(CENTRE.privacyEmail)} or write to our postal address, stating which right you wish to exercise and including something that allows us to verify your identity. We will reply within one month. You can also view and update much of your data directly under “My account”. If you feel we have not handled your request properly, you can lodge a complaint with the <a href="https://www.aepd.es">Spanish Data Protection Agency (AEPD)</a>.</p>
<h3>7. Children</h3>
<p>Children under 14 cannot register themselves: they must be registered by a parent or legal guardian, as required by Article 7 LOPDGDD.</p>
<h3>8. Marketing communications</h3>
<p>We will only send you advertising or promotional information if you have ticked the relevant box. You can unsubscribe at any time using the link in every message, from your customer area or by writing to us, in accordance with Spanish Law 34/2002 on Information Society Services and Electronic Commerce (LSSI).</p>
<h3>9. Security</h3>
<p>We apply technical and organisational measures appropriate to the risk, such as encrypted connections, passwords stored in a non-reversible form, staff access limited to what each role needs and regular backups.</p>
<h3>10. Changes to this policy</h3>
<p>We may update this policy to reflect changes in the law or in our services. The current version will always be published on this page and, if the changes are significant, we will let you know by email.</p>
`)

const cookiesEs = html(`
<h2>Política de cookies</h2>
<p><em>Última actualización: 1 de marzo de 2025</em></p>
<p>Esta política explica qué cookies y tecnologías similares utiliza el sitio web de ${NAME}, gestionado por ${CENTRE.company}, para qué sirven y cómo puedes gestionarlas, de acuerdo con el artículo 22.2 de la Ley 34/2002, de servicios de la sociedad de la información y de comercio electrónico (LSSI), y la guía sobre el uso de las cookies de la Agencia Española de Protección de Datos.</p>
<h3>1. ¿Qué son las cookies?</h3>
<p>Las cookies son pequeños archivos que un sitio web guarda en tu navegador cuando lo visitas. Sirven, por ejemplo, para recordar que has iniciado sesión o qué idioma prefieres. Otras tecnologías, como el almacenamiento local del navegador (<em>localStorage</em>), cumplen funciones parecidas; en esta política nos referimos a todas ellas como «cookies».</p>
<h3>2. Cookies que utilizamos</h3>
<p>Nuestro sitio utiliza únicamente cookies <strong>técnicas y de preferencias</strong>, imprescindibles para que funcione y para prestarte los servicios que nos pides. Por eso no necesitan tu consentimiento, aunque queremos que sepas cuáles son:</p>
<table>
<thead>
<tr><th scope="col">Nombre o tipo</th><th scope="col">Titular</th><th scope="col">Finalidad</th><th scope="col">Duración</th></tr>
</thead>
<tbody>
<tr><td>ctk</td><td>Club Mistral</td><td>Mantener abierta tu sesión de cliente</td><td>Hasta que cierres sesión o la sesión caduque</td></tr>
<tr><td>cc</td><td>Club Mistral</td><td>Recordar tu identificador de cliente durante la sesión</td><td>La misma que la sesión</td></tr>
<tr><td>Idioma</td><td>Club Mistral</td><td>Recordar el idioma elegido (español o inglés)</td><td>Persistente, hasta que la borres</td></tr>
<tr><td>Carrito</td><td>Club Mistral</td><td>Conservar los productos y reservas que añades al carrito</td><td>Hasta que completes o vacíes el carrito</td></tr>
<tr><td>Pasarela de pago</td><td>Entidad bancaria</td><td>Procesar el pago de forma segura y prevenir el fraude</td><td>Sesión</td></tr>
</tbody>
</table>
<p>Las cookies de sesión se eliminan cuando cierras el navegador o la sesión; las persistentes permanecen en tu dispositivo durante el tiempo indicado o hasta que las borres. Ninguna de ellas se utiliza para elaborar perfiles ni se comparte con terceros con fines publicitarios.</p>
<h3>3. Cookies analíticas y publicitarias</h3>
<p>Actualmente no utilizamos cookies analíticas, publicitarias ni de seguimiento de terceros. Si en el futuro decidimos incorporarlas, actualizaremos esta política y te mostraremos un aviso para que puedas aceptarlas, rechazarlas o configurarlas antes de que se instale ninguna.</p>
<h3>4. Redes sociales</h3>
<p>El sitio incluye enlaces a nuestros perfiles de Facebook, Instagram y X (Twitter), pero no integra sus botones ni sus contenidos. Esas redes solo instalarán cookies si haces clic en el enlace y visitas su página, y lo harán conforme a sus propias políticas de privacidad y de cookies.</p>
<h3>5. Cómo gestionar o eliminar las cookies</h3>
<p>Puedes permitir, bloquear o eliminar las cookies desde la configuración de tu navegador. Ten en cuenta que, si bloqueas las cookies técnicas, no podrás iniciar sesión, reservar ni completar una compra. Estas son las páginas de ayuda de los navegadores más habituales:</p>
<ul>
<li><a href="https://support.google.com/chrome/answer/95647">Google Chrome</a></li>
<li><a href="https://support.mozilla.org/">Mozilla Firefox</a></li>
<li><a href="https://support.apple.com/safari">Safari</a></li>
<li><a href="https://support.microsoft.com/microsoft-edge">Microsoft Edge</a></li>
</ul>
<p>Para borrar lo que el sitio guarda en el almacenamiento local basta con cerrar sesión o eliminar los datos de navegación de este sitio.</p>
<h3>6. Más información</h3>
<p>Para saber cómo tratamos tus datos personales, consulta nuestra <a href="/privacy">política de privacidad</a>. Si tienes cualquier pregunta sobre esta política de cookies, escríbenos a ${mail(CENTRE.privacyEmail)}. Actualizaremos esta política cuando cambien las cookies que utilizamos; la fecha de la última revisión figura al principio de esta página.</p>
`)

const cookiesEn = html(`
<h2>Cookie policy</h2>
<p><em>Last updated: 1 March 2025</em></p>
<p>This policy explains which cookies and similar technologies the ${NAME} website, operated by ${CENTRE.company}, uses, what they are for and how you can manage them, in accordance with Article 22.2 of Spanish Law 34/2002 on Information Society Services and Electronic Commerce (LSSI) and the cookie guidance published by the Spanish Data Protection Agency.</p>
<h3>1. What are cookies?</h3>
<p>Cookies are small files that a website stores in your browser when you visit it. They are used, for example, to remember that you are logged in or which language you prefer. Other technologies, such as the browser's local storage (<em>localStorage</em>), do similar jobs; in this policy we call all of them “cookies”.</p>
<h3>2. The cookies we use</h3>
<p>Our site only uses <strong>strictly necessary and preference</strong> cookies, which it needs to work and to provide the services you ask for. They therefore do not require your consent, but we want you to know what they are:</p>
<table>
<thead>
<tr><th scope="col">Name or type</th><th scope="col">Set by</th><th scope="col">Purpose</th><th scope="col">Duration</th></tr>
</thead>
<tbody>
<tr><td>ctk</td><td>Club Mistral</td><td>Keeps you logged in to your customer account</td><td>Until you log out or the session expires</td></tr>
<tr><td>cc</td><td>Club Mistral</td><td>Remembers your customer ID during your session</td><td>Same as the session</td></tr>
<tr><td>Language</td><td>Club Mistral</td><td>Remembers the language you chose (Spanish or English)</td><td>Persistent, until you delete it</td></tr>
<tr><td>Cart</td><td>Club Mistral</td><td>Keeps the products and bookings you add to your cart</td><td>Until you check out or empty the cart</td></tr>
<tr><td>Payment gateway</td><td>Our bank</td><td>Processes your payment securely and prevents fraud</td><td>Session</td></tr>
</tbody>
</table>
<p>Session cookies are deleted when you close your browser or log out; persistent ones stay on your device for the period shown or until you delete them. None of them is used to build profiles or shared with third parties for advertising.</p>
<h3>3. Analytics and advertising cookies</h3>
<p>We do not currently use analytics, advertising or third-party tracking cookies. If we decide to add any in the future, we will update this policy and show you a notice so that you can accept, reject or configure them before any are set.</p>
<h3>4. Social media</h3>
<p>The site links to our Facebook, Instagram and X (Twitter) profiles but does not embed their buttons or content. Those networks will only set cookies if you click the link and visit their page, and they do so under their own privacy and cookie policies.</p>
<h3>5. How to manage or delete cookies</h3>
<p>You can allow, block or delete cookies in your browser settings. Please note that if you block strictly necessary cookies you will not be able to log in, make bookings or complete a purchase. These are the help pages of the most common browsers:</p>
<ul>
<li><a href="https://support.google.com/chrome/answer/95647">Google Chrome</a></li>
<li><a href="https://support.mozilla.org/">Mozilla Firefox</a></li>
<li><a href="https://support.apple.com/safari">Safari</a></li>
<li><a href="https://support.microsoft.com/microsoft-edge">Microsoft Edge</a></li>
</ul>
<p>To clear what the site keeps in local storage, simply log out or delete the browsing data for this site.</p>
<h3>6. More information</h3>
<p>To find out how we handle your personal data, see our <a href="/privacy">privacy policy</a>. If you have any questions about this cookie policy, email us at ${mail(CENTRE.privacyEmail)}. We will update this policy whenever the cookies we use change; the date of the latest review is shown at the top of this page.</p>
`)

export const demoLegalSettings: StoredLegalSettings = {
  generalConditions: { 'es-ES': generalConditionsEs, 'en-US': generalConditionsEn },
  wayver: { 'es-ES': waiverEs, 'en-US': waiverEn },
  privacyPolicyFull: { 'es-ES': privacyEs, 'en-US': privacyEn },
  cookiesPolicy: { 'es-ES': cookiesEs, 'en-US': cookiesEn },
}
