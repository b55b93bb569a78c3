import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../app/paths.ts';
import { Accordion } from '../../../components/accordion.tsx';
import { ContentPicture, PixelArt } from '../../../components/pixel-art.tsx';
import { useHomeSectionsContent } from '../../../content/home-sections-content.ts';
import styles from '../home-page.module.css';
import { SocialBlock } from './social-block.tsx';

export interface HomeSectionsProps {
  isAuthenticated: boolean;
}

/** The home page below the fold: business model, pitch promo, social block, why choose us, FAQ. */
export default function HomeSections({ isAuthenticated }: HomeSectionsProps) {
  const { t } = useTranslation('home');
  const { businessModel, whyChooseUs, faq } = useHomeSectionsContent();

  return (
    <>
      <section id="how-it-works" className={styles.section} aria-labelledby="home-business-title">
        <div className="container">
          <h2 id="home-business-title" className={styles.sectionTitle}>
            {businessModel.title}
          </h2>
          <p className={styles.lead}>{businessModel.intro}</p>
          <ol className={styles.steps}>
            {businessModel.steps.map((step, index) => (
              <li key={step.id} className={styles.step}>
                <span className={styles.stepNumber} aria-hidden="true">
                  {String(index + 1).padStart(2, '0')}
                </span>
                <h3 className={styles.stepTitle}>{step.title}</h3>
                <p className={styles.stepText}>{step.text}</p>
              </li>
            ))}
          </ol>
          <p className={styles.riskNote} role="note">
            {businessModel.riskNote}
          </p>
        </div>
      </section>

      {isAuthenticated && (
        <section className={styles.section} aria-labelledby="home-pitch-title">
          <div className={`container ${styles.pitch}`}>
            <div>
              <p className={styles.eyebrow}>{t('pitch.eyebrow')}</p>
              <h2 id="home-pitch-title" className={styles.sectionTitle}>
                {t('pitch.title')}
              </h2>
              <p className={styles.pitchText}>{t('pitch.text')}</p>
            </div>
            <Link className="btn btn-primary" to={paths.pitch}>
              {t('pitch.cta')}
            </Link>
          </div>
        </section>
      )}

      <SocialBlock />

      <section className={styles.section} aria-labelledby="home-why-choose-title">
        <div className="container">
          <h2 id="home-why-choose-title" className={styles.sectionTitle}>
            {t('whyChooseUs.title')}
          </h2>
          <ul className={styles.cards}>
            {whyChooseUs.map((card) => (
              <li key={card.id} className={styles.card}>
                <PixelArt seed={card.iconSeed} label="" size={48} decorative />
                <h3 className={styles.cardTitle}>{card.title}</h3>
                <p className={styles.cardText}>{card.text}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <div className={`container ${styles.section}`}>
        <Accordion
          title={faq.title}
          items={faq.items.map((item) => ({
            id: item.id,
            title: item.title,
            content: item.content.map((paragraph) => <p key={paragraph}>{paragraph}</p>),
            image: item.image ? <ContentPicture image={item.image} size={120} /> : undefined,
          }))}
        />
      </div>
    </>
  );
}
