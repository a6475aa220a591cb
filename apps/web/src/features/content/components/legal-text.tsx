import type { LegalKey } from '@clubhouse/contract'
import { Skeleton } from '../../../components/ui/skeleton.tsx'
import { useLegalSettings } from '../api/get-legal-settings.ts'

/** One legal text as the centre wrote it. The server sanitises the HTML when storing and serving it. */
export function LegalTextBody({ textKey }: { textKey: LegalKey }) {
  const { data, isPending } = useLegalSettings()
  if (isPending) {
    return (
      <div className="prose" aria-hidden="true">
        <Skeleton width="100%" />
        <Skeleton width="94%" />
        <Skeleton width="97%" />
        <Skeleton width="60%" />
      </div>
    )
  }
  const html = data?.[textKey] ?? ''
  if (!html) return null
  return <div className="prose" dangerouslySetInnerHTML={{ __html: html }} />
}
