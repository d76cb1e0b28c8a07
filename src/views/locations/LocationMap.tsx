import type * as Leaflet from 'leaflet';
import { useEffect, useId, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { MapSettings } from '../../../common/settings.ts';
import { useRead } from '../ui/useRead.ts';

export interface LatLng {
  lat: number;
  lng: number;
}

/** Where the map looks when there is no pin: the wilaya's capital. */
const OVERVIEW_ZOOM = 9;
const PIN_ZOOM = 14;
/** How far an arrow key moves the pin, in screen pixels (Shift: five times as far). */
const NUDGE_PX = 10;
const DECIMALS = 1e6;

const round = (n: number) => Math.round(n * DECIMALS) / DECIMALS;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** OpenStreetMap's own page at the pin: works whether or not the tiles load here. */
export function openStreetMapUrl({ lat, lng }: LatLng): string {
  return `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lng}#map=${PIN_ZOOM}/${lat}/${lng}`;
}

/**
 * The map preview of a location with a pin the user drags (mouse or touch), moves with the
 * arrow keys once it has the focus, or drops by clicking the map; typed coordinates move
 * it. Leaflet is loaded only when this map is shown, and the tiles from the server the
 * `map` settings name. Without tiles (offline, blocked) the pin, the coordinates and the
 * link to OpenStreetMap still work on a blank map.
 */
export function LocationMap({
  position,
  center,
  onPick,
  onClear,
}: {
  position: LatLng | null;
  center: LatLng;
  onPick: (point: LatLng) => void;
  /** Forget the position (both coordinates). */
  onClear: () => void;
}) {
  const intl = useIntl();
  const id = useId();
  const box = useRef<HTMLDivElement>(null);
  const leaflet = useRef<{ L: typeof Leaflet; map: Leaflet.Map; pin: Leaflet.Marker | null; tiles: boolean } | null>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');
  const [tilesFailed, setTilesFailed] = useState(false);
  // Where the tiles come from: the `map` settings.
  const settings = useRead('settingsSection', { section: 'map' });
  // The latest callback and labels, for the handlers Leaflet keeps.
  const pick = useRef(onPick);
  pick.current = onPick;
  const pinLabel = intl.formatMessage({ id: 'locations.map.pin' });

  useEffect(() => {
    let cancelled = false;
    import('leaflet')
      .then((module) => {
        // Leaflet's package is a UMD bundle: bundled, its namespace is the default export.
        const L = ((module as { default?: typeof Leaflet }).default ?? module) as typeof Leaflet;
        if (cancelled || !box.current) return;
        const map = L.map(box.current, { attributionControl: false, keyboard: false, zoomControl: true });
        map.setView(position ?? center, position ? PIN_ZOOM : OVERVIEW_ZOOM);
        map.on('click', (e: Leaflet.LeafletMouseEvent) => pick.current({ lat: round(e.latlng.lat), lng: round(e.latlng.lng) }));
        leaflet.current = { L, map, pin: null, tiles: false };
        setState('ready');
      })
      .catch(() => !cancelled && setState('failed'));
    return () => {
      cancelled = true;
      leaflet.current?.map.remove();
      leaflet.current = null;
    };
  }, []);

  // The tiles, once the map and the settings are there; without settings, a blank map.
  useEffect(() => {
    const current = leaflet.current;
    if (!current || current.tiles) return;
    if (settings.state === 'failed') setTilesFailed(true);
    if (!settings.data) return;
    const { L, map } = current;
    const value = settings.data as unknown as MapSettings;
    const tiles = L.tileLayer(value.tile_url, { maxZoom: 19 });
    tiles.once('tileerror', () => setTilesFailed(true));
    tiles.addTo(map);
    L.control.attribution({ prefix: false }).addAttribution(escapeHtml(value.attribution)).addTo(map);
    current.tiles = true;
    setTilesFailed(false);
  }, [state, settings.state, settings.data]);

  // The pin follows the coordinates (typed, dragged or nudged), and the map keeps it in view.
  useEffect(() => {
    const current = leaflet.current;
    if (!current) return;
    const { L, map } = current;
    if (!position) {
      current.pin?.remove();
      current.pin = null;
      map.setView(center, OVERVIEW_ZOOM);
      return;
    }
    if (!current.pin) {
      const pin = L.marker(position, {
        draggable: true,
        keyboard: true,
        autoPan: true,
        title: pinLabel,
        // A CSS pin: no image files to ship or to find at run time.
        icon: L.divIcon({ className: 'location-pin', html: '<span aria-hidden="true"></span>', iconSize: [28, 28], iconAnchor: [14, 28] }),
      });
      pin.on('dragend', () => {
        const at = pin.getLatLng();
        pick.current({ lat: round(at.lat), lng: round(at.lng) });
      });
      pin.addTo(map);
      const element = pin.getElement()!;
      element.setAttribute('aria-label', pinLabel);
      element.setAttribute('aria-describedby', `${id}-keys`);
      element.addEventListener('keydown', (event) => {
        const step = NUDGE_PX * (event.shiftKey ? 5 : 1);
        const delta = { ArrowUp: [0, -step], ArrowDown: [0, step], ArrowLeft: [-step, 0], ArrowRight: [step, 0] }[event.key];
        if (!delta) return;
        event.preventDefault();
        event.stopPropagation();
        const zoom = map.getZoom();
        const at = map.unproject(map.project(pin.getLatLng(), zoom).add(L.point(delta[0], delta[1])), zoom);
        pick.current({ lat: round(at.lat), lng: round(at.lng) });
      });
      current.pin = pin;
      map.setView(position, Math.max(map.getZoom(), PIN_ZOOM));
    } else {
      current.pin.setLatLng(position);
      map.panInside(position, { padding: [32, 32] });
    }
  }, [state, position?.lat, position?.lng, center.lat, center.lng]);

  const placeHere = () => {
    const at = leaflet.current?.map.getCenter() ?? center;
    pick.current({ lat: round(at.lat), lng: round(at.lng) });
  };

  return (
    <div className="location-map">
      <div ref={box} className="location-map-canvas" role="region" aria-label={intl.formatMessage({ id: 'locations.map.label' })} data-state={state} />
      <p className="field-hint" id={`${id}-keys`}>
        <FormattedMessage id={position ? 'locations.map.keys' : 'locations.map.empty'} />
      </p>
      {(state === 'failed' || tilesFailed) && (
        <p className="notice notice-info" role="status">
          <FormattedMessage id="locations.map.offline" />
        </p>
      )}
      <div className="location-map-actions">
        {!position && (
          <button type="button" className="button" onClick={placeHere}>
            <FormattedMessage id="locations.map.placeHere" />
          </button>
        )}
        {position && (
          <>
            <a href={openStreetMapUrl(position)} target="_blank" rel="noopener noreferrer">
              <FormattedMessage id="locations.map.openOsm" />
            </a>
            <button type="button" className="button button-ghost button-small" onClick={onClear}>
              <FormattedMessage id="locations.map.clear" />
            </button>
          </>
        )}
      </div>
    </div>
  );
}
