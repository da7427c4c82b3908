// Test factories: resumes made directly in the database, and small files to upload.
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import type { TestApp } from '../../../test/harness.js';

export interface ResumeFields {
  name: string;
  email: string;
  nationality: string;
  education: string;
  experience: string;
  desired_country: string;
  desired_start_date: string;
  desired_age_group: string;
  resume_html: string;
  published_at: number | null;
  last_updated_at: number;
}

export const COMPLETE_DETAILS = {
  name: 'Alex Teacher',
  email: 'alex@example.com',
  nationality: 'Canada',
  education: 'Bachelors',
  experience: '3',
  desiredCountry: 'Japan',
  desiredStartDate: 'April',
  desiredAgeGroup: 'Children',
} as const;

/** A resume owned by `userId`, published now unless told otherwise. */
export async function createResume(t: TestApp, userId: string, fields: Partial<ResumeFields> = {}): Promise<string> {
  const id = randomUUID();
  const now = t.clock.now();
  await t.db
    .insertInto('resumes')
    .values({
      id,
      user_id: userId,
      name: 'Sam Example',
      email: 'sam@example.com',
      nationality: 'Canada',
      education: 'Bachelors',
      experience: '3',
      desired_country: 'Japan',
      desired_start_date: 'March',
      desired_age_group: 'Children',
      profile_image: null,
      resume_html: '<p>Five years of teaching English.</p>',
      resume_pdf_key: null,
      published_at: now,
      last_updated_at: now,
      created_at: now,
      ...fields,
    })
    .execute();
  return id;
}

export async function imageDataUrl(format: 'png' | 'jpeg' = 'png', width = 800, height = 600): Promise<string> {
  let img = sharp({ create: { width, height, channels: 3, background: { r: 40, g: 120, b: 200 } } });
  // A JPEG carries EXIF (as a phone photo would) so the tests can see it is dropped.
  img = format === 'jpeg' ? img.jpeg().withExif({ IFD0: { Copyright: 'secret location' } }) : img.png();
  const data = await img.toBuffer();
  return `data:image/${format};base64,${data.toString('base64')}`;
}

/** A PDF of exactly `bytes` bytes (a header and padding: only the first bytes are checked). */
export function pdfBytes(bytes = 2000): Buffer {
  const head = Buffer.from('%PDF-1.4\n% test resume\n');
  return Buffer.concat([head, Buffer.alloc(Math.max(0, bytes - head.length), 0x20)]);
}

export function pdfDataUrl(data: Buffer = pdfBytes(), mime = 'application/pdf'): string {
  return `data:${mime};base64,${data.toString('base64')}`;
}
