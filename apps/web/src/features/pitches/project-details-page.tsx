import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { paths } from '../../app/paths.ts';
import { usePageTitle } from '../../lib/use-page-title.ts';
import { submitProject } from './api.ts';
import { EMPTY_PROJECT } from './pitch-logic.ts';
import { PitchShell } from './pitch-shell.tsx';
import { ProjectForm } from './project-form.tsx';

/** Pitch step 2 (spec §2, §3, §5): the project, its numbers and the pitch deck. */
export default function ProjectDetailsPage() {
  const { t } = useTranslation('pitch');
  const navigate = useNavigate();
  const location = useLocation();
  const from = (location.state ?? {}) as { name?: unknown; email?: unknown };
  usePageTitle(t('details.title'));

  return (
    <PitchShell step={2} title={t('details.title')} intro={t('details.intro')}>
      <ProjectForm
        mode="submit"
        defaultValues={{
          ...EMPTY_PROJECT,
          name: typeof from.name === 'string' ? from.name : '',
          email: typeof from.email === 'string' ? from.email : '',
        }}
        submitLabel={t('details.submit')}
        busyLabel={t('details.submitting')}
        send={async (data) => {
          await submitProject(data);
          // The success page names the pitch by its project name: its id means nothing to a person.
          const name = data.get('project_name');
          navigate(paths.projectSuccess, {
            state: { projectName: typeof name === 'string' ? name.trim() : '' },
          });
        }}
        secondaryAction={
          <Link to={paths.pitch} className="btn btn-secondary">
            {t('details.back')}
          </Link>
        }
      />
    </PitchShell>
  );
}
