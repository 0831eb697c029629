import type { Dispatch, SetStateAction } from 'react';
import { UI } from '@shared/messages';
import { loadCommonPasswords } from '../../../lib/common-passwords';
import { TextField } from '../../../components/text-field';

interface NewPasswords {
  password: string;
  confirmPassword: string;
}

/**
 * A new password twice (Register, Reset). The common-password list starts loading at the first
 * edit, so the submit's check has it without the dialog's first load carrying it.
 */
export function NewPasswordFields<T extends NewPasswords>({
  values,
  setValues,
  disabled,
}: {
  values: T;
  setValues: Dispatch<SetStateAction<T>>;
  disabled: boolean;
}) {
  const field = (name: keyof NewPasswords, label: string) => (
    <TextField
      label={label}
      type="password"
      autoComplete="new-password"
      value={values[name]}
      onValue={(value) => {
        void loadCommonPasswords();
        setValues((current) => ({ ...current, [name]: value }));
      }}
      disabled={disabled}
    />
  );
  return (
    <>
      {field('password', UI.labels.password)}
      {field('confirmPassword', UI.labels.confirmPassword)}
    </>
  );
}
