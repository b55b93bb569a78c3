import { POST_BODY_MAX, type PostKind, type ReplyDto, type ThreadDto } from '@indiesplit/shared/community';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../app/paths.ts';
import { Button } from '../../components/button.tsx';
import { SelectField, TextAreaField } from '../../components/field.tsx';
import { Notice } from '../../components/notice.tsx';
import { ApiError } from '../../lib/api.ts';
import { errorText, fieldErrorText } from '../../lib/error-text.ts';
import { useAuth } from '../auth/auth-context.tsx';
import { useAsk, useHide, usePin, usePosts, useReply, useReport, useUnhide } from './api.ts';
import styles from './community.module.css';

// Questions and comments on a campaign page (ADR 0038). Every post is shown as text: React escapes
// it, so markup a member typed reads as typed. Threads are one level deep.

export function CampaignDiscussion({ slug }: { slug: string }) {
  const { t } = useTranslation('community');
  const [page, setPage] = useState(1);
  const posts = usePosts(slug, page);
  return (
    <section className={styles.section} aria-labelledby="discussion">
      <h2 id="discussion">{t('title')}</h2>
      {posts.isPending ? (
        <p className={styles.muted}>{t('loading')}</p>
      ) : posts.isError ? (
        <Notice type="error">
          <p>{t('loadError')}</p>
        </Notice>
      ) : (
        <>
          <p className={styles.muted} data-testid="unanswered">
            {t('unanswered', { count: posts.data.unanswered })}
          </p>
          <AskForm slug={slug} canPost={posts.data.can_post} />
          {posts.data.threads.length === 0 ? (
            <p className={styles.muted}>{t('empty')}</p>
          ) : (
            <ol className={styles.threads}>
              {posts.data.threads.map((thread) => (
                <li key={thread.id}>
                  <Thread
                    slug={slug}
                    thread={thread}
                    canPost={posts.data.can_post}
                    canModerate={posts.data.can_moderate}
                  />
                </li>
              ))}
            </ol>
          )}
          {posts.data.pages > 1 && (
            <nav className={styles.pager} aria-label={t('pages')}>
              <Button
                variant="secondary"
                size="sm"
                disabled={page <= 1}
                onClick={() => setPage((p) => p - 1)}
              >
                {t('newer')}
              </Button>
              <span>{t('pageOf', { page, pages: posts.data.pages })}</span>
              <Button
                variant="secondary"
                size="sm"
                disabled={page >= posts.data.pages}
                onClick={() => setPage((p) => p + 1)}
              >
                {t('older')}
              </Button>
            </nav>
          )}
        </>
      )}
    </section>
  );
}

function AskForm({ slug, canPost }: { slug: string; canPost: boolean }) {
  const { t } = useTranslation(['community', 'errors']);
  const auth = useAuth();
  const ask = useAsk(slug);
  const [kind, setKind] = useState<PostKind>('question');
  const [body, setBody] = useState('');
  if (!auth.isAuthenticated)
    return (
      <p className={styles.muted}>
        <Link to={paths.login}>{t('logInToAsk')}</Link>
      </p>
    );
  if (!canPost) return <p className={styles.muted}>{t('verifyToAsk')}</p>;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    ask.mutate({ kind, body }, { onSuccess: () => setBody('') });
  };
  const err = ask.error instanceof ApiError ? ask.error : null;
  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <SelectField label={t('kindLabel')} value={kind} onChange={(e) => setKind(e.target.value as PostKind)}>
        <option value="question">{t('kindQuestion')}</option>
        <option value="comment">{t('kindComment')}</option>
      </SelectField>
      <TextAreaField
        label={kind === 'question' ? t('yourQuestion') : t('yourComment')}
        value={body}
        maxLength={POST_BODY_MAX}
        rows={3}
        onChange={(e) => setBody(e.target.value)}
        error={err ? fieldErrorText(t, err, 'body') : undefined}
        hint={t('plainText')}
      />
      {ask.isError && !err?.fieldCodes.body && (
        <Notice type="error">
          <p>{errorText(t, ask.error, { fallback: 'community:postError' })}</p>
        </Notice>
      )}
      <Button type="submit" size="sm" disabled={ask.isPending}>
        {kind === 'question' ? t('ask') : t('comment')}
      </Button>
    </form>
  );
}

function Badges({ post }: { post: ReplyDto }) {
  const { t } = useTranslation('community');
  return (
    <>
      {post.badges.map((b) => (
        <span key={b} className={styles.badge} data-badge={b}>
          {t(`badge.${b}`)}
        </span>
      ))}
    </>
  );
}

function PostBody({ post }: { post: ReplyDto }) {
  const { t, i18n } = useTranslation('community');
  return (
    <div className={post.hidden ? styles.hiddenPost : undefined}>
      <p className={styles.meta}>
        <strong>{post.author ?? t('deletedAccount')}</strong> <Badges post={post} />{' '}
        <time dateTime={post.created_at}>
          {new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(
            new Date(post.created_at),
          )}
        </time>
      </p>
      {post.hidden && (
        <p className={styles.hiddenNote} role="note">
          {t('hiddenNote', { reason: post.hidden_reason ?? '' })}
        </p>
      )}
      <p className={styles.body}>{post.body}</p>
    </div>
  );
}

function Thread({
  slug,
  thread,
  canPost,
  canModerate,
}: {
  slug: string;
  thread: ThreadDto;
  canPost: boolean;
  canModerate: boolean;
}) {
  const { t } = useTranslation(['community', 'errors']);
  const reply = useReply(slug);
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const err = reply.error instanceof ApiError ? reply.error : null;
  return (
    <article className={styles.thread} id={`post-${thread.id}`} aria-label={t(`kind.${thread.kind}`)}>
      <p className={styles.tags}>
        <span className={styles.kind}>{t(`kind.${thread.kind}`)}</span>
        {thread.pinned && <span className={styles.badge}>{t('pinned')}</span>}
        {thread.kind === 'question' && (
          <span className={styles.badge}>{thread.answered ? t('answered') : t('notAnswered')}</span>
        )}
      </p>
      <PostBody post={thread} />
      <PostActions slug={slug} post={thread} canModerate={canModerate} pinned={thread.pinned} top />
      {thread.replies.length > 0 && (
        <ol className={styles.replies}>
          {thread.replies.map((r) => (
            <li key={r.id} id={`post-${r.id}`}>
              <PostBody post={r} />
              <PostActions slug={slug} post={r} canModerate={canModerate} />
            </li>
          ))}
        </ol>
      )}
      {canPost &&
        !thread.hidden &&
        (open ? (
          <form
            className={styles.form}
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              reply.mutate(
                { id: thread.id, body: text },
                {
                  onSuccess: () => {
                    setText('');
                    setOpen(false);
                  },
                },
              );
            }}
          >
            <TextAreaField
              label={t('yourReply')}
              value={text}
              rows={2}
              maxLength={POST_BODY_MAX}
              onChange={(e) => setText(e.target.value)}
              error={
                err
                  ? (fieldErrorText(t, err, 'body') ?? errorText(t, err, { fallback: 'community:postError' }))
                  : undefined
              }
            />
            <Button type="submit" size="sm" disabled={reply.isPending}>
              {t('sendReply')}
            </Button>
          </form>
        ) : (
          <Button variant="secondary" size="sm" onClick={() => setOpen(true)}>
            {t('reply')}
          </Button>
        ))}
    </article>
  );
}

function PostActions({
  slug,
  post,
  canModerate,
  pinned,
  top,
}: {
  slug: string;
  post: ReplyDto;
  canModerate: boolean;
  pinned?: boolean;
  top?: boolean;
}) {
  const { t } = useTranslation(['community', 'errors']);
  const auth = useAuth();
  const report = useReport(slug);
  const hide = useHide(slug);
  const unhide = useUnhide(slug);
  const pin = usePin(slug);
  const [hiding, setHiding] = useState(false);
  const [reason, setReason] = useState('');
  const hideErr = hide.error instanceof ApiError ? hide.error : null;
  return (
    <div className={styles.actions}>
      {auth.isAuthenticated && !post.mine && !post.hidden && (
        <Button
          variant="ghost"
          size="sm"
          disabled={report.isPending || report.isSuccess}
          onClick={() => report.mutate({ id: post.id, reason: '' })}
        >
          {report.isSuccess ? t('reported') : t('report')}
        </Button>
      )}
      {canModerate && (
        <>
          {post.hidden ? (
            <Button variant="ghost" size="sm" onClick={() => unhide.mutate(post.id)}>
              {t('unhide')}
            </Button>
          ) : (
            <Button variant="ghost" size="sm" onClick={() => setHiding((v) => !v)}>
              {t('hide')}
            </Button>
          )}
          {top && !post.hidden && (
            <Button variant="ghost" size="sm" onClick={() => pin.mutate({ id: post.id, pinned: !pinned })}>
              {pinned ? t('unpin') : t('pin')}
            </Button>
          )}
        </>
      )}
      {hiding && !post.hidden && (
        <form
          className={styles.form}
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            hide.mutate({ id: post.id, reason }, { onSuccess: () => setHiding(false) });
          }}
        >
          <TextAreaField
            label={t('hideReason')}
            value={reason}
            rows={2}
            onChange={(e) => setReason(e.target.value)}
            error={hideErr ? fieldErrorText(t, hideErr, 'reason') : undefined}
          />
          <Button type="submit" size="sm" disabled={hide.isPending}>
            {t('hideConfirm')}
          </Button>
        </form>
      )}
    </div>
  );
}
