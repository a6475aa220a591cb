import { contentRoutes, type MainSettings } from '@clubhouse/contract'
import { callApi } from '../../../lib/api-client.ts'

/** The centre's main settings in the stored language (the boot path when the page carries none). */
export async function getMainSettings(): Promise<MainSettings> {
  const { data } = await callApi(contentRoutes.mainSettings)
  return data
}
