import { useTranslation } from 'react-i18next';
import { ContentPicture } from '../../components/pixel-art.tsx';
import { useAboutContent } from '../../content/about-content.ts';
import { useContentLanguage } from '../../content/language.ts';
import styles from './about-page.module.css';

export default function AboutPage() {
  const { t } = useTranslation('about');
  const { teamHeads, advisorsAndStaff, essence, partners, endorsers, press } = useAboutContent();
  const language = useContentLanguage();
  const newTab = t('newTab');

  return (
    <main id="main" className={styles.page}>
      <section className={styles.hero} aria-labelledby="about-title">
        <div className="container">
          <p className={styles.eyebrow}>{t('hero.eyebrow')}</p>
          <h1 id="about-title" className={styles.heroTitle}>
            {t('hero.title')}
          </h1>
          <p className={styles.heroSubtitle}>{t('hero.subtitle')}</p>
          <ul className={styles.heroTeam} aria-label={t('hero.teamLabel')}>
            {teamHeads.map((head) => (
              <li key={head.id} className={styles.heroMember}>
                <ContentPicture image={head.image} size={112} grid={10} shape="round" />
                <span className={styles.heroBadge} aria-hidden="true">
                  {head.displayTitle}
                </span>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className={styles.section} aria-labelledby="about-team-title">
        <div className="container">
          <h2 id="about-team-title" className={styles.sectionTitle}>
            {t('team.title')}
          </h2>
          <ul className={styles.heads}>
            {teamHeads.map((head) => (
              <li key={head.id} className={styles.head}>
                <div className={styles.headPicture}>
                  <ContentPicture image={head.image} size={220} grid={10} shape="round" />
                </div>
                <div className={styles.headText}>
                  <span className={styles.badge}>{head.displayTitle}</span>
                  <h3 className={styles.headName}>{head.name}</h3>
                  <p className={styles.headRole}>{head.role}</p>
                  <p className={styles.headDescription}>{head.description}</p>
                  <a
                    className="btn btn-secondary"
                    href={head.reelUrl}
                    target="_blank"
                    rel="noopener noreferrer"
                    aria-label={`${t('team.presentationLabel', { name: head.name })} ${newTab}`}
                  >
                    <span aria-hidden="true">▶</span>
                    {t('team.presentation')}
                  </a>
                </div>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className={styles.section} aria-labelledby="about-staff-title">
        <div className="container">
          <h2 id="about-staff-title" className={styles.sectionTitle}>
            {t('staff.title')}
          </h2>
          <ul className={styles.staff}>
            {advisorsAndStaff.map((member) => (
              <li key={member.id} className={styles.staffCard}>
                <ContentPicture image={member.image} size={96} shape="round" />
                <h3 className={styles.staffName}>{member.name}</h3>
                <p className={styles.staffRole}>{member.role}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className={styles.section} aria-labelledby="about-essence-title">
        <div className="container">
          <h2 id="about-essence-title" className={styles.sectionTitle}>
            {t('essence.title')}
          </h2>
          <ul className={styles.essence}>
            {essence.map((card) => (
              <li key={card.id} className={styles.essenceCard} data-kind={card.id}>
                <h3 className={styles.essenceTitle}>{card.title}</h3>
                <p className={styles.essenceText}>{card.text}</p>
                <a
                  className="btn btn-ghost"
                  href={card.documentUrl}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={`${t('essence.readDocument')}: ${card.title} ${newTab}`}
                >
                  {t('essence.readDocument')}
                  <span aria-hidden="true"> ↗</span>
                </a>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className={styles.section} aria-labelledby="about-partners-title">
        <div className="container">
          <h2 id="about-partners-title" className={styles.sectionTitle}>
            {t('partners.title')}
          </h2>
          <ul className={styles.partners}>
            {partners.map((partner) => (
              <li key={partner.id}>
                <a className={styles.partner} href={partner.url} target="_blank" rel="noopener noreferrer">
                  <ContentPicture image={partner.logo} size={64} />
                  <span className={styles.partnerName}>{partner.name}</span>
                  <span className="visually-hidden"> {newTab}</span>
                </a>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className={styles.section} aria-labelledby="about-proof-title">
        <div className="container">
          <h2 id="about-proof-title" className={styles.sectionTitle}>
            {t('socialProof.title')}
          </h2>
          <div className={styles.proof}>
            <div>
              <h3 className={styles.subTitle}>{t('socialProof.endorsersTitle')}</h3>
              <ul className={styles.endorsers}>
                {endorsers.map((endorser) => (
                  <li key={endorser.id} className={styles.endorser}>
                    <ContentPicture image={endorser.image} size={72} shape="round" />
                    <div>
                      <p className={styles.endorserName}>{endorser.name}</p>
                      <p className={styles.endorserTitle}>{endorser.title}</p>
                    </div>
                  </li>
                ))}
              </ul>
            </div>
            <div>
              {/* The press list keeps its Italian title in every language; mark it so screen readers
                  pronounce it in Italian. */}
              <h3 className={styles.subTitle} lang={language === 'it' ? undefined : 'it'}>
                {t('socialProof.pressTitle')}
              </h3>
              <ul className={styles.pressList}>
                {press.map((item) => (
                  <li key={item.id}>
                    <figure className={styles.pressItem}>
                      <blockquote className={styles.quote} cite={item.url}>
                        <p>{item.citation}</p>
                      </blockquote>
                      <figcaption className={styles.pressSource}>
                        <ContentPicture image={item.logo} size={40} />
                        <span className={styles.pressName}>{item.name}</span>
                        <a
                          className={styles.pressLink}
                          href={item.url}
                          target="_blank"
                          rel="noopener noreferrer"
                          aria-label={`${t('socialProof.readArticleLabel', { name: item.name })} ${newTab}`}
                        >
                          {t('socialProof.readArticle')}
                          <span aria-hidden="true"> ↗</span>
                        </a>
                      </figcaption>
                    </figure>
                  </li>
                ))}
              </ul>
            </div>
          </div>
        </div>
      </section>
    </main>
  );
}
