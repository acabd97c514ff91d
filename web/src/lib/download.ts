/**
 * Starts the browser's download of `url` as `fileName`: a link clicked at once and let go of (a
 * link the server signed, or an object URL of a file made in the browser).
 */
export const downloadFile = (url: string, fileName: string): void => {
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
};
