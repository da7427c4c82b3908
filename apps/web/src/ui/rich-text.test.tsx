import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RichText } from './rich-text';

function renderHtml(html: string) {
  const { container } = render(<RichText className="prose" html={html} />);
  return container.firstElementChild as HTMLElement;
}

/** Every attribute in the rendered tree whose name starts with "on" (an event handler). */
function handlerAttributes(root: HTMLElement): string[] {
  return [...root.querySelectorAll('*')].flatMap((el) =>
    [...el.attributes].filter((a) => a.name.toLowerCase().startsWith('on')).map((a) => `${el.tagName}.${a.name}`),
  );
}

describe('RichText', () => {
  it('keeps structure and emphasis but drops scripts, event handlers and forbidden tags', () => {
    const root = renderHtml(
      '<h2>Duties</h2><p onclick="steal()">Teach <strong>grammar</strong></p>' +
        '<script>alert(1)</script><img src="x" onerror="alert(2)"><svg onload="alert(3)"></svg>' +
        '<style>body{display:none}</style><form action="https://evil.example"><input name="card"></form>' +
        '<ul><li onmouseover="alert(4)">Small classes</li></ul>',
    );

    expect(root.className).toBe('prose');
    expect(root.querySelector('h2')?.textContent).toBe('Duties');
    expect(root.querySelector('p strong')?.textContent).toBe('grammar');
    expect(root.querySelector('li')?.textContent).toBe('Small classes');
    for (const tag of ['script', 'img', 'style', 'form', 'input']) expect(root.querySelector(tag)).toBeNull();
    expect(handlerAttributes(root)).toEqual([]);
    expect(root.innerHTML).not.toContain('alert');
  });

  it('opens every link in a new tab without an opener, whatever target the text asked for', () => {
    const root = renderHtml(
      '<p><a href="https://school.example/apply">Apply</a> or <a href="mailto:jobs@school.example" target="_self">write</a></p>',
    );
    const links = [...root.querySelectorAll('a')];

    expect(links.map((a) => a.getAttribute('href'))).toEqual([
      'https://school.example/apply',
      'mailto:jobs@school.example',
    ]);
    for (const link of links) {
      expect(link.getAttribute('target')).toBe('_blank');
      expect(link.getAttribute('rel')).toBe('noopener noreferrer nofollow');
    }
  });

  it('removes javascript: links', () => {
    const root = renderHtml('<a href="javascript:alert(1)">Click</a>');

    expect(root.querySelector('a')?.textContent).toBe('Click');
    expect(root.querySelector('a')?.hasAttribute('href')).toBe(false);
  });

  it('renders inert when asked (the wizard preview), so its links do nothing', () => {
    const { container } = render(<RichText html='<a href="https://school.example">Site</a>' inert />);

    expect((container.firstElementChild as HTMLElement).hasAttribute('inert')).toBe(true);
  });

  it('is the only module of the app that imports DOMPurify, so its hook and settings are the only ones', () => {
    const sources = import.meta.glob<string>(['../**/*.{ts,tsx}', '!../**/*.test.{ts,tsx}'], {
      query: '?raw',
      import: 'default',
      eager: true,
    });
    const importers = Object.entries(sources)
      .filter(([, source]) => /from ['"]dompurify['"]/.test(source))
      .map(([file]) => file);

    expect(Object.keys(sources).length).toBeGreaterThan(50);
    expect(importers).toEqual(['./rich-text.tsx']);
  });
});
