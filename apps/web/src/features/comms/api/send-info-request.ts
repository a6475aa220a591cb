import { useMutation } from '@tanstack/react-query'
import type { InfoRequestBody } from '@clubhouse/contract'
import { callRoute } from '../../../lib/lazy-api.ts'

export const sendInfoRequest = (body: InfoRequestBody) => callRoute('commsRoutes', 'infoRequest', { body })

export const useSendInfoRequest = () => useMutation({ mutationFn: sendInfoRequest })
