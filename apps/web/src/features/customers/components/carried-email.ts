/**
 * What one mode of the login dialog hands to the mode it switches to: the email typed, so nobody
 * types it twice, and a notice to show there (the server's message of a login refused with the
 * redirect flag, spec 1 §4), until the mode showing it clears it.
 */
let carried = { email: '', notice: '' }

export const getCarriedEmail = () => carried.email

export function carryEmail(email: string, notice = '') {
  carried = { email, notice }
}

export const getCarriedNotice = () => carried.notice

export function clearCarriedNotice() {
  carried = { ...carried, notice: '' }
}
