import * as yup from 'yup';
import { lazyYupValidator } from './lazySchema';

const schema = yup.object({
  email: yup.string().trim().required('Email is required'),
  password: yup.string().required('Password is required'),
});

describe('lazyYupValidator', () => {
  it('does not fetch the rules until asked, and fetches them once', async () => {
    const load = jest.fn(() => Promise.resolve(schema));
    const rules = lazyYupValidator<{ email: string; password: string }>(load);
    expect(load).not.toHaveBeenCalled();
    rules.preload();
    await rules.validate({ email: 'a@b.c', password: 'x' });
    await rules.validate({ email: '', password: '' });
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('reads every failing field as Formik would', async () => {
    const rules = lazyYupValidator<{ email: string; password: string }>(() => Promise.resolve(schema));
    await expect(rules.validate({ email: '  ', password: '' })).resolves.toEqual({
      email: 'Email is required',
      password: 'Password is required',
    });
    await expect(rules.validate({ email: 'a@b.c', password: 'secret' })).resolves.toEqual({});
  });

  it('lets the form through when the rules cannot be fetched, and tries again next time', async () => {
    const load = jest.fn().mockRejectedValueOnce(new Error('ChunkLoadError')).mockResolvedValueOnce(schema);
    const rules = lazyYupValidator<{ email: string; password: string }>(load);
    await expect(rules.validate({ email: '', password: '' })).resolves.toEqual({});
    await expect(rules.validate({ email: '', password: '' })).resolves.toEqual({
      email: 'Email is required',
      password: 'Password is required',
    });
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('passes on an error that is not a validation error', async () => {
    const broken = yup.object({ email: yup.string().test('boom', 'never', () => { throw new TypeError('bug in a rule'); }) });
    const rules = lazyYupValidator<{ email: string }>(() => Promise.resolve(broken));
    await expect(rules.validate({ email: 'x' })).rejects.toThrow('bug in a rule');
  });
});
