import { saveFile } from './saveFile';

describe('saving a file made in the browser', () => {
  const { createObjectURL, revokeObjectURL } = URL;
  afterEach(() => {
    URL.createObjectURL = createObjectURL;
    URL.revokeObjectURL = revokeObjectURL;
    jest.useRealTimers();
  });

  it('clicks a temporary download link to an object URL of the text, then removes both', async () => {
    jest.useFakeTimers();
    const blobs: Blob[] = [];
    URL.createObjectURL = jest.fn((blob: Blob) => {
      blobs.push(blob);
      return 'blob:http://localhost/earnings-1';
    });
    URL.revokeObjectURL = jest.fn();
    const clicked: Array<{ href: string; download: string; inPage: boolean }> = [];
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ href: this.href, download: this.download, inPage: document.body.contains(this) });
    });

    saveFile({ name: 'earnings.csv', type: 'text/csv;charset=utf-8', content: 'date,order\r\n' });

    expect(clicked).toEqual([{ href: 'blob:http://localhost/earnings-1', download: 'earnings.csv', inPage: true }]);
    expect(document.querySelector('a[download]')).toBeNull();
    expect(blobs[0].type).toBe('text/csv;charset=utf-8');
    expect(await blobs[0].text()).toBe('date,order\r\n');
    expect(URL.revokeObjectURL).not.toHaveBeenCalled();
    jest.runAllTimers();
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:http://localhost/earnings-1');
    click.mockRestore();
  });
});
