export * from './http.ts'
export * from './enums.ts'
export * from './content.ts'
export * from './comms.ts'
export * from './headers.ts'
export * from './theme.ts'

import { contentRoutes } from './content.ts'
import { commsRoutes } from './comms.ts'

/** Every route of the API, for the server's registration and the OpenAPI document. */
export const allRoutes = { ...contentRoutes, ...commsRoutes }
