import { studentRecordTexts } from '@um/contract';
import { expect, test } from './fixtures.js';
import { expectNoAxeViolations } from './support/axe.js';
import {
  createStandardViaApi,
  createStudentViaApi,
  uniqueTag,
  updateStudentViaApi,
} from './support/api.js';
import { asAdmin, withRole } from './support/roles.js';
import { storeSession } from './support/session.js';
import { studentRow } from './support/ui.js';

const t = studentRecordTexts.record;

test("a viewer opens a student's record from the list and reads every field, the guardians and the history, with nothing to change", async ({
  page,
  request,
}) => {
  const admin = await asAdmin(request);
  const viewer = await withRole(request, admin, 'viewer');
  const tag = uniqueTag();
  const standard = await createStandardViaApi(request, admin, `Class 4 Lotus ${tag}`, 4);
  const created = await createStudentViaApi(request, admin, {
    name: `Meera Iyer ${tag}`,
    email: '',
    roll_number: '4L-07',
    standard: standard.id,
    phone_number: '',
    address: '4 Lake View Road, Bengaluru',
    admission_number: `ADM-${tag}`,
    date_of_birth: '2016-06-14',
    guardians: [
      {
        name: 'Lakshmi Iyer',
        relation: 'Mother',
        phone: '+91 98450 33333',
        email: '',
        primary: true,
      },
      { name: 'Suresh Iyer', relation: 'Father', phone: '', email: '', primary: false },
    ],
  });
  await updateStudentViaApi(request, admin, created, {
    admission_number: `ADM-${tag}`,
    date_of_birth: '2016-06-14',
    guardians: created.guardians,
    status: 'left',
    left_on: '2026-10-31',
  });

  await storeSession(page, viewer.tokens, viewer.profile);
  await page.goto(`/students?standard=${standard.id}&status=all`);
  await studentRow(page, created.name).getByRole('link', { name: created.name }).click();

  await expect(page.getByRole('heading', { level: 1, name: created.name })).toBeVisible();
  await expect(page).toHaveURL(`/students/${created.id}`);
  await expect(page.getByText(t.summary('Left', standard.name))).toBeVisible();
  const student = page.getByRole('region', { name: 'Student' });
  await expect(student).toContainText(t.dateOfBirth);
  await expect(student).toContainText('2016');
  await expect(page.getByRole('region', { name: 'School' })).toContainText(`ADM-${tag}`);
  await expect(page.getByRole('region', { name: 'School' })).toContainText('Left on');
  const guardians = page.getByRole('region', { name: 'Guardians' }).getByRole('listitem');
  await expect(guardians).toHaveCount(2);
  await expect(guardians.first()).toContainText(`Lakshmi Iyer${t.primary}`);
  await expect(guardians.first()).toContainText('+91 98450 33333');
  await expect(page.getByText(t.readOnly)).toBeVisible();
  await expect(page.getByRole('button', { name: t.edit })).toHaveCount(0);
  await expectNoAxeViolations(page, "a student's record as a viewer");

  await page.getByRole('button', { name: t.history }).click();
  const history = page.getByRole('dialog', { name: `History of student ${created.name}` });
  await expect(history.getByRole('listitem').first()).toContainText('changed it');
  await expect(history).toContainText('Status: “active” → “left”');
  await page.keyboard.press('Escape');

  // The server agrees: the viewer's save is refused whatever a page might send.
  const refused = await request.put('/management/update_students/', {
    headers: { authorization: `Bearer ${viewer.tokens.access}` },
    data: { id: created.id, name: 'Changed', roll_number: '4L-07', standard: standard.id },
  });
  expect(refused.status()).toBe(403);
});

test("staff edit a student on the record's own form, and the record shows the change", async ({
  signedInPage: page,
  account,
  request,
}) => {
  const tag = uniqueTag();
  const standard = await createStandardViaApi(request, account, `Class 6 Banyan ${tag}`, 6);
  const student = await createStudentViaApi(request, account, {
    name: `Arjun Rao ${tag}`,
    email: `arjun.${tag}@pupils.test`,
    roll_number: '6B-01',
    standard: standard.id,
  });

  await page.goto(`/students/${student.id}`);
  await expect(page.getByRole('heading', { level: 1, name: student.name })).toBeVisible();
  await expect(page.getByText(t.noGuardians)).toBeVisible();
  await page.getByRole('button', { name: t.edit }).click();
  const form = page.getByRole('region', { name: t.editTitle(student.name) });
  await form.getByLabel('Address (optional)').fill('22 Temple Street, Mysuru');
  await form.getByRole('button', { name: 'Save changes' }).click();

  await expect(page.getByText('Student updated successfully!')).toBeVisible();
  await expect(form).toBeHidden();
  await expect(page.getByRole('region', { name: 'Student' })).toContainText(
    '22 Temple Street, Mysuru',
  );
});
