import { describe, expect, it } from 'vitest';
import { TRAILER_FRAME_ORIGINS, trailerEmbed } from './trailer.ts';

describe('trailerEmbed', () => {
  it.each([
    [
      'https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=10s',
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
    ],
    ['https://youtu.be/dQw4w9WgXcQ', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ'],
    ['https://m.youtube.com/shorts/dQw4w9WgXcQ', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ'],
    ['https://vimeo.com/76979871', 'https://player.vimeo.com/video/76979871?dnt=1'],
    ['https://player.vimeo.com/video/76979871', 'https://player.vimeo.com/video/76979871?dnt=1'],
  ])('plays %s from the provider’s player', (address, src) => {
    const embed = trailerEmbed(address);
    expect(embed?.src).toBe(src);
    expect(TRAILER_FRAME_ORIGINS).toContain(new URL(src).origin);
  });

  it.each([
    'https://example.com/trailer.mp4',
    'https://www.youtube.com/watch?v=short',
    'https://www.youtube.com/watch?v=dQw4w9WgXcQ"><script>',
    'https://youtube.com.evil.example/watch?v=dQw4w9WgXcQ',
    'https://vimeo.com/channels/staffpicks',
    'javascript:alert(1)',
    'not a url',
    '',
    null,
  ])('keeps %s a plain link', (address) => {
    expect(trailerEmbed(address)).toBeNull();
  });
});
