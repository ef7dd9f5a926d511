import { loggableUrl } from './log-serializers';

describe('loggableUrl', () => {
  it('hides a ?token= value and keeps the rest of the URL', () => {
    expect(loggableUrl('/api/socket?token=s3cr3t')).toBe('/api/socket?token=hidden');
    expect(loggableUrl('/api/session?a=1&token=s3cr3t')).toBe('/api/session?a=1&token=hidden');
  });

  it('hides every secret-looking parameter and the recovery token in a path', () => {
    expect(loggableUrl('/x?password=pw&apiKey=k&session_id=s&q=1')).toBe('/x?password=hidden&apiKey=hidden&session_id=hidden&q=1');
    expect(loggableUrl('/login/recover/AbC-123?x=1')).toBe('/login/recover/hidden?x=1');
  });

  it('leaves a URL without a token as it is', () => {
    expect(loggableUrl('/api/devices?all=true&id=2')).toBe('/api/devices?all=true&id=2');
    expect(loggableUrl('/api/socket')).toBe('/api/socket');
  });
});
