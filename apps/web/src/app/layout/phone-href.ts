/** A tel: link from a phone number as the centre writes it ("+34 963 00 12 34"). */
export const phoneHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`
