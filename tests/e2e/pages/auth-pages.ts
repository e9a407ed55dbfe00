import { expect, type Locator } from '@playwright/test';
import { AppPage } from './app-page';

/** A form screen whose fields show their error under them. */
class FormPage extends AppPage {
  /** The input labelled `label` (exact). */
  field(label: string): Locator {
    return this.page.getByLabel(label, { exact: true });
  }

  /** The error paragraph under the field labelled `label`. */
  fieldError(label: string): Locator {
    return this.page
      .locator('.field')
      .filter({ has: this.field(label) })
      .locator('.field-error');
  }

  async expectFieldError(label: string, message: string): Promise<void> {
    await expect(this.fieldError(label)).toHaveText(message);
  }

  submit(name: string): Promise<void> {
    return this.page.getByRole('button', { name, exact: true }).click();
  }
}

/** `/login`. */
export class LoginPage extends FormPage {
  async goto(): Promise<void> {
    await this.page.goto('/login');
    await this.hydrated();
    await expect(this.field('Username or e-mail')).toBeVisible();
  }

  async signIn(username: string, password: string): Promise<void> {
    await this.field('Username or e-mail').fill(username);
    await this.field('Password').fill(password);
    await this.submit('Sign In');
  }
}

/** `/signup`. */
export class SignupPage extends FormPage {
  async goto(): Promise<void> {
    await this.page.goto('/signup');
    await this.hydrated();
    await expect(this.field('Username')).toBeVisible();
  }

  async register(user: { username: string; email: string; password: string; confirm?: string }) {
    await this.field('Username').fill(user.username);
    await this.field('Email').fill(user.email);
    await this.field('Password').fill(user.password);
    await this.field('Confirm password').fill(user.confirm ?? user.password);
    await this.submit('Create Account');
  }
}

/** `/forgot-password`. */
export class ForgotPasswordPage extends FormPage {
  async goto(): Promise<void> {
    await this.page.goto('/forgot-password');
    await this.hydrated();
  }

  async request(email: string): Promise<void> {
    await this.field('Email').fill(email);
    await this.submit('Send reset link');
  }
}

/** `/reset-password?token=`. */
export class ResetPasswordPage extends FormPage {
  async goto(token?: string): Promise<void> {
    await this.page.goto(
      token ? `/reset-password?token=${encodeURIComponent(token)}` : '/reset-password',
    );
    await this.hydrated();
  }

  async reset(password: string, confirm = password): Promise<void> {
    await this.field('New Password').fill(password);
    await this.field('Confirm Password').fill(confirm);
    await this.submit('Update Password');
  }
}
