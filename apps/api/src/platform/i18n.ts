import { LANGUAGE_COOKIE } from '@indiesplit/shared/constants';
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '@indiesplit/shared/messages';
import type { FastifyRequest } from 'fastify';

/**
 * The language of an answer: the browser's chosen language (the `i18next` cookie the web app keeps),
 * else the first supported language of Accept-Language, else English.
 */
export function requestLanguage(req: FastifyRequest): Language {
  const cookie = req.cookies?.[LANGUAGE_COOKIE]?.slice(0, 2);
  if (isLanguage(cookie)) return cookie;
  const header = req.headers['accept-language'];
  if (typeof header === 'string') {
    const ranked = header
      .split(',')
      .map((part) => {
        const [tag = '', ...params] = part.trim().split(';');
        const q = params.find((p) => p.trim().startsWith('q='));
        return { lang: tag.slice(0, 2).toLowerCase(), q: q ? Number(q.split('=')[1]) : 1 };
      })
      .sort((a, b) => b.q - a.q);
    for (const { lang } of ranked) if (isLanguage(lang)) return lang;
  }
  return DEFAULT_LANGUAGE;
}
