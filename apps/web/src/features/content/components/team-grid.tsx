import { useTranslation } from 'react-i18next'
import type { TextBlock } from '@clubhouse/contract'
import { FramedImage } from '../../../components/ui/image.tsx'
import { useSettings } from '../settings.tsx'

/** The centre's team (spec 1 §2): portrait, name, role and a short text for each member. */
export function TeamGrid({ members }: { members: TextBlock[] }) {
  const { t } = useTranslation()
  const { mainlogo } = useSettings()
  return (
    <section className="section" aria-labelledby="home-team">
      <div className="container">
        <h2 id="home-team" className="section__title">
          {t('home.team')}
        </h2>
        {/* Rows of three unless the team fills rows of four: no lonely last row of two. */}
        <ul className={`team-grid${members.length % 4 === 0 ? ' team-grid--4' : ''}`}>
          {members.map((member) => (
            <li key={member.id} className="team-card">
              <FramedImage src={member.image} fallback={mainlogo} alt="" width={400} height={400} />
              <div className="team-card__body">
                <h3 className="team-card__name">{member.name || member.title}</h3>
                {member.name && member.title && <p className="team-card__role">{member.title}</p>}
                {member.text && (
                  // Sanitised by the server when stored and when served.
                  <div className="team-card__text" dangerouslySetInnerHTML={{ __html: member.text }} />
                )}
              </div>
            </li>
          ))}
        </ul>
      </div>
    </section>
  )
}
