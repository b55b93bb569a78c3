import { Notice } from '../../../components/notice.tsx';

/** The outcome of an action on the funds screen, shown above its panel. */
export type Result = { ok: boolean; text: string } | null;

export function ResultNotice({ result, onDismiss }: { result: Result; onDismiss: () => void }) {
  if (!result) return null;
  return (
    <Notice type={result.ok ? 'success' : 'error'} duration={result.ok ? 8000 : null} onDismiss={onDismiss}>
      {result.text}
    </Notice>
  );
}
