import { useMutation } from '@tanstack/react-query'
import { commsRoutes, type InfoRequestBody } from '@clubhouse/contract'
import { callApi } from '../../../lib/api-client.ts'

export const sendInfoRequest = (body: InfoRequestBody) => callApi(commsRoutes.infoRequest, { body })

export const useSendInfoRequest = () => useMutation({ mutationFn: sendInfoRequest })
