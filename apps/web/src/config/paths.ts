// Every URL of the site: one list in the contract, shared with the server (which answers 404 for
// any other path).
export { loginRequiredPatterns, paths } from '@clubhouse/contract/constants'
