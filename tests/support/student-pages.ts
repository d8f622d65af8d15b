import type { Page } from 'playwright';

/**
 * From the student's home, opens the seed's linear equation ("Ecuación lineal" in the module "Taller
 * de álgebra" of "Grado 10A") and waits for its first question's tab.
 */
export async function openSeededLinearEquation(page: Page): Promise<void> {
  await page
    .getByRole('link', { name: /Grado 10A/ })
    .first()
    .click();
  await page.getByRole('link', { name: /Taller de álgebra/ }).click();
  await page.getByRole('link', { name: /Ecuación lineal/ }).click();
  await page.getByRole('tab', { name: 'Pregunta 1' }).waitFor();
}
