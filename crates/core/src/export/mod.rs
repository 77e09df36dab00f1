//! Scene output: SVG text and anti-aliased PNG, identical from the GUI and the CLI.
//!
//! SVG keeps exact model coordinates (y flipped into SVG's y-down space, one `viewBox`);
//! PNG rasterizes the same paths with tiny-skia and encodes with the `image` crate.
//! Export never screenshots the UI.

mod png;
mod svg;

pub use png::{MAX_PNG_SIZE, encode as encode_png, rasterize};
pub use svg::to_svg;

use crate::geom::Scene;
use crate::progress::{Cancelled, Progress, check};
use std::path::{Path, PathBuf};

/// Most path points an SVG file may hold (about 20 bytes each).
pub const MAX_SVG_POINTS: usize = 20_000_000;

/// Why an export failed.
#[derive(Debug, thiserror::Error)]
pub enum ExportError {
    /// PNG size outside 1..=16384.
    #[error("size = {0} px is out of range: size must be between 1 and {MAX_PNG_SIZE}")]
    SizeOutOfRange(u64),
    /// The file name does not end in .svg or .png.
    #[error("unknown output format for '{0}': the file name must end in .svg or .png")]
    UnknownExtension(PathBuf),
    /// The scene is too large for an SVG file.
    #[error(
        "the figure has {points} path points, more than the {MAX_SVG_POINTS} an SVG may hold; export PNG instead"
    )]
    TooLargeForSvg {
        /// Points in the scene.
        points: usize,
    },
    /// Writing the file failed.
    #[error("cannot write '{path}': {source}")]
    Write {
        /// The output path.
        path: PathBuf,
        /// The underlying error.
        source: std::io::Error,
    },
    /// PNG encoding failed.
    #[error("cannot encode PNG '{path}': {message}")]
    Encode {
        /// The output path.
        path: PathBuf,
        /// What went wrong.
        message: String,
    },
    /// The export was cancelled.
    #[error("export cancelled")]
    Cancelled,
}

impl From<Cancelled> for ExportError {
    fn from(_: Cancelled) -> Self {
        ExportError::Cancelled
    }
}

/// The two output formats.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// Scalable vector graphics text.
    Svg,
    /// Portable network graphics raster.
    Png,
}

impl Format {
    /// The format named by the file's extension (case-insensitive).
    pub fn from_path(path: &Path) -> Result<Format, ExportError> {
        let extension = path.extension().and_then(|e| e.to_str()).map(str::to_ascii_lowercase);
        match extension.as_deref() {
            Some("svg") => Ok(Format::Svg),
            Some("png") => Ok(Format::Png),
            _ => Err(ExportError::UnknownExtension(path.to_path_buf())),
        }
    }
}

/// Checks a PNG size (longest side, pixels).
pub fn check_size(size: u64) -> Result<u32, ExportError> {
    if (1..=u64::from(MAX_PNG_SIZE)).contains(&size) {
        Ok(size as u32)
    } else {
        Err(ExportError::SizeOutOfRange(size))
    }
}

/// Writes `scene` to `path` as SVG or PNG (chosen by extension). `size` is the PNG's longest side
/// in pixels (ignored for SVG). Reports stages to `progress`; the file is written atomically
/// (temporary file, then rename) so a failed or cancelled export never leaves a partial file.
pub fn save(
    scene: &Scene,
    path: &Path,
    size: u64,
    progress: &mut impl Progress,
) -> Result<Format, ExportError> {
    let format = Format::from_path(path)?;
    let bytes = match format {
        Format::Svg => {
            let points = scene.point_count();
            if points > MAX_SVG_POINTS {
                return Err(ExportError::TooLargeForSvg { points });
            }
            check(progress.report(0, 2, "writing SVG"))?;
            to_svg(scene).into_bytes()
        }
        Format::Png => {
            let size = check_size(size)?;
            check(progress.report(0, 3, "rasterizing"))?;
            let image = rasterize(scene, size);
            check(progress.report(1, 3, "encoding PNG"))?;
            png::encode(&image)
                .map_err(|message| ExportError::Encode { path: path.to_path_buf(), message })?
        }
    };
    let total = if format == Format::Svg { 2 } else { 3 };
    check(progress.report(total - 1, total, "writing file"))?;
    write_atomically(path, &bytes)?;
    check(progress.report(total, total, "done"))?;
    Ok(format)
}

/// Writes `bytes` to `path` atomically ([`crate::files::write_atomically`]), naming the path in
/// the error.
pub fn write_atomically(path: &Path, bytes: &[u8]) -> Result<(), ExportError> {
    crate::files::write_atomically(path, bytes)
        .map_err(|source| ExportError::Write { path: path.to_path_buf(), source })
}
