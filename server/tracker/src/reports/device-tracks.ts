import type { PositionRecord } from '../entities/position';

/** Anything that digests a track one position at a time (detectors, summaries). */
export interface TrackConsumer {
  add(position: PositionRecord): void;
}

/** Feeds pages of a stored track (see PositionsRepository.track) to consumers, in order. */
export async function feedTrack(pages: AsyncIterable<PositionRecord[]>, ...consumers: TrackConsumer[]): Promise<void> {
  for await (const page of pages) for (const position of page) for (const consumer of consumers) consumer.add(position);
}
