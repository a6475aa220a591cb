// Redsys's operations query: the SOAP web service `consultaOperaciones` at
// /apl02/services/SerClsWSConsulta ("Consultas SOAP HMAC SHA256"; Metadrop/redsys-query-php,
// juspay/hyperswitch's Redsys sync). The request's `<Version>` element is signed like a REST request,
// with the key of the order asked about; the answer comes back XML-escaped inside the SOAP body.
import { ProviderError } from '../provider.ts'
import { SIGNATURE_VERSION, signParameters, type RedsysParameters } from './redsys-signature.ts'

export const QUERY_PATH = '/apl02/services/SerClsWSConsulta'
/** Redsys's "no operations found" answer to a query: nothing was paid for that order yet. */
export const QUERY_NOTHING_FOUND = 'XML0024'

/** The SOAP body asking for one operation (`type`, DS_MERCHANT_TRANSACTIONTYPE) of an order. */
export function queryRequest(
  merchant: { merchantCode: string; terminal: string; secretKeyB64: string },
  order: string,
  type: string,
): string {
  const version =
    `<Version Ds_Version="0.0"><Message><Transaction><Ds_MerchantCode>${escapeXml(merchant.merchantCode)}</Ds_MerchantCode>` +
    `<Ds_Terminal>${escapeXml(merchant.terminal)}</Ds_Terminal><Ds_Order>${escapeXml(order)}</Ds_Order>` +
    `<Ds_TransactionType>${escapeXml(type)}</Ds_TransactionType></Transaction></Message></Version>`
  const messages =
    `<Messages>${version}<Signature>${signParameters(merchant.secretKeyB64, order, version)}</Signature>` +
    `<SignatureVersion>${SIGNATURE_VERSION}</SignatureVersion></Messages>`
  return (
    '<soapenv:Envelope xmlns:soapenv="http://schemas.xmlsoap.org/soap/envelope/" xmlns:web="http://webservices.apl02.redsys.es">' +
    `<soapenv:Header/><soapenv:Body><web:consultaOperaciones><cadenaXML><![CDATA[${messages}]]></cadenaXML>` +
    '</web:consultaOperaciones></soapenv:Body></soapenv:Envelope>'
  )
}

/** The fields of a consultaOperaciones answer, or its error code. */
export function parseQueryAnswer(soap: string): { errorCode?: string; fields?: RedsysParameters } {
  const wrapped =
    /<(?:\w+:)?consultaOperacionesReturn[^>]*>([\s\S]*?)<\/(?:\w+:)?consultaOperacionesReturn>/.exec(soap)
  if (!wrapped) throw new ProviderError('Redsys answered the query with something else', 'unreachable')
  const body = wrapped[1] ?? ''
  const inner = body.startsWith('<![CDATA[') ? body.slice(9, -3) : unescapeXml(body)
  const errorCode = /<Ds_ErrorCode>([^<]*)<\/Ds_ErrorCode>/.exec(inner)?.[1]
  if (errorCode) return { errorCode }
  const response = /<Response[^>]*>([\s\S]*?)<\/Response>/.exec(inner)?.[1]
  if (response === undefined)
    throw new ProviderError('Redsys answered the query without a response', 'unreachable')
  const fields: RedsysParameters = {}
  for (const [, name, value] of response.matchAll(/<(Ds_\w+)>([^<]*)<\/\1>/g))
    fields[name!] = unescapeXml(value!)
  return { fields }
}

export function escapeXml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')
}

function unescapeXml(value: string): string {
  return value
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&')
}
