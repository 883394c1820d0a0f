//! HEIF (HEIC, AVIF) photos: the Exif and XMP items are blanked in place, every box and the
//! coded image left byte for byte as they were; a structure that cannot be walked is refused.

use stepzero_core::image::strip::strip_metadata;

fn boxed(kind: &[u8; 4], body: &[u8]) -> Vec<u8> {
    let mut out = u32::try_from(8 + body.len())
        .expect("small")
        .to_be_bytes()
        .to_vec();
    out.extend_from_slice(kind);
    out.extend_from_slice(body);
    out
}

fn full(kind: &[u8; 4], version: u8, body: &[u8]) -> Vec<u8> {
    let mut with_flags = vec![version, 0, 0, 0];
    with_flags.extend_from_slice(body);
    boxed(kind, &with_flags)
}

fn infe(id: u16, kind: &[u8; 4], extra: &[u8]) -> Vec<u8> {
    let mut body = id.to_be_bytes().to_vec();
    body.extend_from_slice(&[0, 0]);
    body.extend_from_slice(kind);
    body.extend_from_slice(b"\0");
    body.extend_from_slice(extra);
    full(b"infe", 2, &body)
}

const EXIF: &[u8] = b"\0\0\0\x06Exif\0\0MM\0*\0\0\0\x08Canon GPSLatitude 51/1 N";
const XMP: &[u8] = b"<x:xmpmeta><exif:GPSLatitude>51,28N</exif:GPSLatitude></x:xmpmeta>";
const IMAGE: [u8; 300] = [0x42; 300];

/// ftyp, meta (hdlr, pitm, iloc v1, iinf with image, Exif and XMP items), mdat.
fn heic(brand: &[u8; 4]) -> Vec<u8> {
    let ftyp = boxed(
        b"ftyp",
        &[brand.as_slice(), &[0, 0, 0, 0], b"mif1"].concat(),
    );
    let mut iinf_body = 3u16.to_be_bytes().to_vec();
    iinf_body.extend(infe(1, b"hvc1", b""));
    iinf_body.extend(infe(2, b"Exif", b""));
    iinf_body.extend(infe(3, b"mime", b"application/rdf+xml\0"));
    let iinf = full(b"iinf", 0, &iinf_body);
    let hdlr = full(b"hdlr", 0, &[&[0u8; 4][..], b"pict", &[0; 13]].concat());
    let pitm = full(b"pitm", 0, &1u16.to_be_bytes());
    let iloc = |at: [u32; 3]| {
        // v1: offset 4, length 4, base 0, index 0; three items of one extent each.
        let mut body = vec![0x44, 0x00];
        body.extend(3u16.to_be_bytes());
        for (id, (offset, len)) in
            [1u16, 2, 3]
                .into_iter()
                .zip(at.into_iter().zip([IMAGE.len(), EXIF.len(), XMP.len()]))
        {
            body.extend(id.to_be_bytes());
            body.extend([0, 0, 0, 0, 0, 1]); // construction method 0, data ref 0, one extent
            body.extend(offset.to_be_bytes());
            body.extend(u32::try_from(len).expect("small").to_be_bytes());
        }
        full(b"iloc", 1, &body)
    };
    let meta = |at| {
        full(
            b"meta",
            0,
            &[hdlr.clone(), pitm.clone(), iloc(at), iinf.clone()].concat(),
        )
    };
    let head = u32::try_from(ftyp.len() + meta([0; 3]).len() + 8).expect("small");
    let at = [
        head,
        head + 300,
        head + 300 + u32::try_from(EXIF.len()).expect("small"),
    ];
    [
        ftyp,
        meta(at),
        boxed(b"mdat", &[&IMAGE[..], EXIF, XMP].concat()),
    ]
    .concat()
}

fn contains(hay: &[u8], needle: &[u8]) -> bool {
    hay.windows(needle.len()).any(|w| w == needle)
}

#[test]
fn heic_exif_and_xmp_items_are_blanked_in_place() {
    for brand in [b"heic", b"mif1", b"avif"] {
        let file = heic(brand);
        let stripped = strip_metadata(&file).expect("a HEIF it can walk");
        assert_eq!(stripped.bytes.len(), file.len());
        assert!(!contains(&stripped.bytes, b"Canon"));
        assert!(!contains(&stripped.bytes, b"GPS"));
        assert_eq!(stripped.removed, ["Exif", "XMP"]);
        let mdat = file.len() - EXIF.len() - XMP.len() - IMAGE.len();
        assert_eq!(stripped.bytes[..mdat], file[..mdat], "boxes untouched");
        assert_eq!(
            stripped.bytes[mdat..mdat + 300],
            IMAGE,
            "coded image untouched"
        );
    }
}

#[test]
fn a_heic_whose_items_point_outside_the_file_is_refused() {
    let mut file = heic(b"heic");
    let cut = file.len() - 20;
    file.truncate(cut);
    assert!(strip_metadata(&file).is_err());
    let mut short = heic(b"heic");
    short.truncate(60); // inside the meta box
    assert!(strip_metadata(&short).is_err());
}

#[test]
fn a_video_in_an_mp4_container_is_not_taken_for_a_photo() {
    let mp4 = [
        boxed(b"ftyp", b"isom\0\0\x02\0mp41"),
        boxed(b"mdat", &[1; 50]),
    ]
    .concat();
    assert!(strip_metadata(&mp4).is_err());
}
