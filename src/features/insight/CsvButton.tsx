import { DownloadButton } from '../../components/DownloadButton';
import { insightCopy } from './copy';
import { useDownloadInsightCsvMutation, type CsvFile } from './insightApi';

/** 'Download CSV': the table's rows as the API writes them, fetched with the reader's token and saved by the insight listener. */
export function CsvButton({ file }: { file: CsvFile }) {
  const [download, { isLoading, isError, error }] = useDownloadInsightCsvMutation();
  return (
    <DownloadButton
      label={insightCopy.download}
      busyLabel={insightCopy.downloading}
      failedText={insightCopy.downloadFailed}
      busy={isLoading}
      error={isError ? error : undefined}
      onDownload={() => void download(file)}
    />
  );
}
